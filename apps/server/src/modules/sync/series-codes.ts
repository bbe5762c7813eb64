/**
 * Receipt series codes (ADR 11 §11.2): `''` for the server that brought the business, then one
 * letter of `B C D … Z` (no A, I or O), then two letters `BB BC …`, and so on.
 */
export const SERIES_LETTERS = 'BCDEFGHJKLMNPQRSTUVWXYZ';

/** The n-th code, counting like spreadsheet columns: 0 → '', 1 → 'B', 23 → 'Z', 24 → 'BB', … */
export function seriesCode(n: number): string {
  const L = SERIES_LETTERS.length;
  let code = '';
  for (let rest = n; rest > 0; rest = Math.floor(rest / L)) {
    rest -= 1;
    code = SERIES_LETTERS[rest % L]! + code;
  }
  return code;
}

/** The first code none of `taken` holds, in the order above. */
export function firstFreeSeries(taken: ReadonlySet<string>): string {
  for (let n = 0; ; n++) {
    const code = seriesCode(n);
    if (!taken.has(code)) return code;
  }
}
