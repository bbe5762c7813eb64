import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so the same content always hashes the same. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    // Keys in code-unit order (sort's default, as `<` compares strings), undefined values left
    // out; one string built in a loop (the entries' arrays and closures were ~2 % of a sale).
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o).sort();
    let out = '{';
    for (const k of keys) {
      const v = o[k];
      if (v === undefined) continue;
      if (out.length > 1) out += ',';
      out += `${JSON.stringify(k)}:${canonical(v)}`;
    }
    return `${out}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 (hex) of the canonical JSON: request hashes and sync document hashes. */
export function canonicalHash(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex');
}
