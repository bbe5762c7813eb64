import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.js';
import { AppError } from '../http/errors.js';

/** Lists the admin keeps by name: bank and mobile-money providers, expense categories. */
export type NameListTable = 'payment_providers' | 'expense_categories';

/** Refuses a name already on the business's list (whatever its case), but the record's own. */
export async function assertNameFree(
  db: Kysely<Database>,
  table: NameListTable,
  businessId: string,
  name: string,
  selfId: string | null,
  message: string,
): Promise<void> {
  let q = db
    .selectFrom(table)
    .select('id')
    .where('business_id', '=', businessId)
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
  if (selfId) q = q.where('id', '!=', selfId);
  if (await q.executeTakeFirst()) throw new AppError('conflict', message, 'name');
}
