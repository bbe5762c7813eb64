import { type DialectAdapter, PostgresAdapter, type RawBuilder, sql } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** The database behind a Kysely instance or transaction, for the few queries each writes its own way. */
export function dialectOf(db: { getExecutor(): { readonly adapter: DialectAdapter } }): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * `column = businessId` for a row found by another key (its id, its product, its sale): the filter
 * that keeps a statement to one business, and on Citus to its business's shard (docs/scale.md).
 * On SQLite written `+column = ?`, which SQLite never answers from an index: there a business's
 * index (products by code, barcodes, movements by time) would win over the row's own key and
 * walk the whole business (300 ms on 100,000 products).
 */
export function ofBusiness(
  db: { getExecutor(): { readonly adapter: DialectAdapter } },
  column: string,
  businessId: string,
): RawBuilder<boolean> {
  const unary = dialectOf(db) === 'sqlite' ? sql.raw('+') : sql.raw('');
  return sql<boolean>`${unary}${sql.ref(column)} = ${businessId}`;
}
