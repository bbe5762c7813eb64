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

/**
 * Whether an image is only the slip photo of an expense of the business (voided ones included):
 * one that is also a product's photo, a user's picture or the business's logo is seen as those
 * are (the same picture sent twice by its user is one file: files.service.ts storeImage).
 */
export async function isOnlyExpenseSlip(
  db: Kysely<Database>,
  businessId: string,
  name: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('expenses as e')
    .select('e.id')
    .where('e.business_id', '=', businessId)
    .where('e.image', '=', name)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(
            eb
              .selectFrom('products as p')
              .select('p.id')
              .where('p.business_id', '=', businessId)
              .where('p.image', '=', name),
          ),
          eb.exists(
            eb
              .selectFrom('users as u')
              .select('u.id')
              .where('u.business_id', '=', businessId)
              .where('u.img', '=', name),
          ),
          eb.exists(
            eb
              .selectFrom('businesses as b')
              .select('b.id')
              .where('b.id', '=', businessId)
              .where('b.logo', '=', name),
          ),
        ]),
      ),
    )
    .executeTakeFirst();
  return row !== undefined;
}
