import { type Access, type UserRoles, allows } from '@duka/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { AppError } from '../../lib/errors.js';

export const DEFAULT_AVATAR = 'profile.png';

/** Who sees an expense's slip photo (`GET /api/files/:name`): those with the expenses' right. */
export const SLIP_ACCESS: Access = { kind: 'flag', flag: 'adding_expenses' };

/** The user choosing an image for a record (a `Context` of the request). */
export interface ImageSetter {
  businessId: string;
  role: string;
  roles: Readonly<UserRoles>;
}

/**
 * Refuses an image name that is not an upload of this business, or that its setter may not see:
 * a slip photo chosen as a picture everyone sees (a user's own, a product's, the logo) by someone
 * without the expenses' right showed the slip to the whole business (the hostile-request audit).
 * Either answer is the one a name never uploaded gets. `field` names where it came from.
 */
export async function requireOwnImage(
  db: Kysely<Database>,
  setter: ImageSetter,
  name: string,
  field = 'img',
): Promise<void> {
  const file = await db
    .selectFrom('files')
    .select('id')
    .where('name', '=', name)
    .where('business_id', '=', setter.businessId)
    .executeTakeFirst();
  if (!file || (!allows(setter, SLIP_ACCESS) && (await isOnlyExpenseSlip(db, setter.businessId, name))))
    throw new AppError('validation_failed', 'No uploaded image has that name', field);
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
