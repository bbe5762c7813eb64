import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { notFound } from './errors.js';

/** Tables whose rows a request may name by id and that carry their business. */
export type ScopedTable =
  | 'locations'
  | 'users'
  | 'products'
  | 'suppliers'
  | 'debtors'
  | 'payment_providers'
  | 'expense_categories'
  | 'devices';

/**
 * The row must be the session's business's (ADR 10): another business's id answers 404, exactly
 * as an id nobody has, so a caller learns nothing about other businesses.
 */
export async function requireOwnId(
  db: Kysely<Database>,
  table: ScopedTable,
  id: string,
  businessId: string,
  what: string,
): Promise<void> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!row) throw notFound(what);
}
