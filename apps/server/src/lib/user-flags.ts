/** A user row's `flags` column (a JSON array of strings); anything unreadable is no flags. */
export function parseFlags(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
