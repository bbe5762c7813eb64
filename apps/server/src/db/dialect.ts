import { type DialectAdapter, PostgresAdapter } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** The database behind a Kysely instance or transaction, for the few queries each writes its own way. */
export function dialectOf(db: { getExecutor(): { readonly adapter: DialectAdapter } }): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
