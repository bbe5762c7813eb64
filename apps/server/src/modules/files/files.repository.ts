import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { AppError } from '../../http/errors.js';

export const DEFAULT_AVATAR = 'profile.png';

/** Refuses a name that is not an image uploaded to this business. */
export async function requireOwnImage(db: Kysely<Database>, businessId: string, name: string): Promise<void> {
  const file = await db
    .selectFrom('files')
    .select('id')
    .where('name', '=', name)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!file) throw new AppError('validation_failed', 'No uploaded image has that name', 'img');
}

export function findFile(db: Kysely<Database>, businessId: string, name: string) {
  return db
    .selectFrom('files')
    .select(['name', 'mime', 'size', 'data', 'sha256'])
    .where('name', '=', name)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
}
