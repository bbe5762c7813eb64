import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { AppError } from '../../lib/errors.js';

export const DEFAULT_AVATAR = 'profile.png';

/** Refuses a name that is not an image uploaded to this business. */
/** Refuses an image name that is not an upload of this business; `field` names where it came from. */
export async function requireOwnImage(
  db: Kysely<Database>,
  businessId: string,
  name: string,
  field = 'img',
): Promise<void> {
  const file = await db
    .selectFrom('files')
    .select('id')
    .where('name', '=', name)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!file) throw new AppError('validation_failed', 'No uploaded image has that name', field);
}

export function findFile(db: Kysely<Database>, businessId: string, name: string) {
  return db
    .selectFrom('files')
    .select(['name', 'mime', 'size', 'data', 'sha256'])
    .where('name', '=', name)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
}

/** Whether an image is the slip photo of an expense of the business (voided ones included). */
export async function isExpenseSlip(
  db: Kysely<Database>,
  businessId: string,
  name: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('expenses')
    .select('id')
    .where('business_id', '=', businessId)
    .where('image', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}
