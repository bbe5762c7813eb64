import { v7 } from 'uuid';

/** The parts of a JSON Schema (as @fastify/swagger renders our zod schemas) a sample needs. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  /** zod renders a string's second and later `.regex()` as `allOf: [{pattern}]`. */
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  default?: unknown;
}

export type Path = (string | number)[];

/** Where a sample holds ids (to fill) and enum values (to vary). */
export interface SampleSpots {
  ids: { path: Path; optional: boolean }[];
  enums: { path: Path; options: unknown[] }[];
  /** Optional properties sent from EXAMPLES (the caller tries without them too). */
  extras: Path[];
}

export const isIdKey = (key: string) => key === 'id' || key.endsWith('_id') || key.endsWith('_ids');

/** Optional properties worth sending because a valid request of some kind needs them. */
const EXAMPLES: Record<string, () => unknown> = {
  tendered: () => 1_000_000_000,
  reference: () => `WALK${v7().slice(-8)}`,
};

const today = new Date().toISOString().slice(0, 10);
const STRING_CANDIDATES = [today, 'walker01', '0700123456', 'KES', 'en', 'Africa/Nairobi', 'a'];

function sampleString(s: JsonSchema): string {
  if (s.format === 'date-time') return new Date().toISOString();
  if (s.format === 'uuid') return v7();
  const min = s.minLength ?? 1;
  const base = 'Walk value'.padEnd(min, 'x');
  const patterns = [s.pattern, ...(s.allOf ?? []).map((a) => a.pattern)].filter(
    (p): p is string => p !== undefined,
  );
  if (patterns.length === 0) return base;
  const res = patterns.map((p) => new RegExp(p));
  return [base, ...STRING_CANDIDATES].find((c) => res.every((re) => re.test(c)) && c.length >= min) ?? base;
}

/** Whether an id-named property sits anywhere inside the schema. */
function holdsIds(s: JsonSchema): boolean {
  const one = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (one) return holdsIds(one);
  if (s.items) return holdsIds(s.items);
  return Object.entries(s.properties ?? {}).some(([k, v]) => isIdKey(k) || holdsIds(v));
}

/**
 * A value the schema accepts as far as a generator can tell: required properties, every
 * id-bearing one and the EXAMPLES; ids are left as their key name and recorded in `spots`, with
 * the enums (the caller tries their other values).
 */
export function sample(
  s: JsonSchema,
  spots: SampleSpots,
  key = '',
  path: Path = [],
  optional = false,
): unknown {
  const choice = (s.anyOf ?? s.oneOf)?.find((x) => x.type !== 'null');
  if (choice) return sample(choice, spots, key, path, optional);
  if (s.const !== undefined) return s.const;
  if (s.enum) {
    if (s.enum.length > 1) spots.enums.push({ path, options: s.enum });
    return s.enum[0];
  }
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    const required = new Set(s.required ?? []);
    for (const [k, v] of Object.entries(s.properties ?? {})) {
      const example = EXAMPLES[k];
      if (example && !required.has(k)) {
        out[k] = example();
        spots.extras.push([...path, k]);
      } else if (required.has(k) || isIdKey(k) || holdsIds(v))
        out[k] = sample(v, spots, k, [...path, k], optional || !required.has(k));
    }
    return out;
  }
  if (type === 'array') {
    const n = (s.minItems ?? 0) > 0 || isIdKey(key) || (s.items && holdsIds(s.items)) ? 1 : 0;
    return Array.from({ length: n }, (_, i) => sample(s.items ?? {}, spots, key, [...path, i], optional));
  }
  if (type === 'string' && isIdKey(key)) {
    spots.ids.push({ path, optional });
    return key;
  }
  if (type === 'string') return sampleString(s);
  if (type === 'integer' || type === 'number') {
    const min = s.minimum ?? 1;
    // a quantity is one whole unit (1000 thousandths): a product counted in pieces takes no fraction
    const least = key === 'quantity' ? 1000 : 1;
    return Math.min(Math.max(min, least), s.maximum ?? Number.MAX_SAFE_INTEGER);
  }
  if (type === 'boolean') return false;
  return s.default ?? null;
}

export function setAt(target: unknown, path: Path, value: unknown): void {
  let node = target as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
}

export function deleteAt(target: unknown, path: Path): void {
  let node = target as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  if (Array.isArray(node)) node.splice(Number(path.at(-1)), 1);
  else delete node[path.at(-1)!];
}

/** Every combination of the enums' values (the first `limit`). */
export function enumChoices(enums: SampleSpots['enums'], limit = 24): unknown[][] {
  let out: unknown[][] = [[]];
  for (const e of enums) out = out.flatMap((c) => e.options.map((o) => [...c, o])).slice(0, limit);
  return out;
}
