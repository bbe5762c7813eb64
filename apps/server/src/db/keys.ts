import type { DialectName } from './dialect.js';

/**
 * The columns an upsert names in `ON CONFLICT (…)` for a key of a business table. On PostgreSQL
 * every such key also holds `business_id` (migration 0020, so the schema can be distributed by
 * business on Citus: docs/scale.md); SQLite, one shop, keeps the keys it had.
 */
export function conflictTarget<C extends string>(
  dialect: DialectName,
  columns: readonly C[],
): (C | 'business_id')[] {
  return dialect === 'postgres' ? [...columns, 'business_id'] : [...columns];
}
