import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { AppError } from './errors.js';

/** Lists the admin keeps by name: bank and mobile-money providers, expense categories. */
export type NameListTable = 'payment_providers' | 'expense_categories';

/** How two names are compared: whatever their case or Unicode form ("Ñandú" = "ñandú"). */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLocaleLowerCase('und').trim();
}

/**
 * Refuses a name already on the business's list (whatever its case), but the record's own. The
 * lists are short, so the names are compared here rather than with the database's `lower()`,
 * which in SQLite lowers ASCII letters only.
 */
export async function assertNameFree(
  db: Kysely<Database>,
  table: NameListTable,
  businessId: string,
  name: string,
  selfId: string | null,
  message: string,
): Promise<void> {
  const key = nameKey(name);
  const rows = await db
    .selectFrom(table)
    .select(['id', 'name'])
    .where('business_id', '=', businessId)
    .execute();
  if (rows.some((r) => r.id !== selfId && nameKey(r.name) === key))
    throw new AppError('conflict', message, 'name');
}
