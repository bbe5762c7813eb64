import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { IMAGE_TYPES, type ImageMimeType, type ImageStorage, MAX_IMAGE_BYTES } from '@duka/domain';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { appendJournal } from '../../lib/journal.js';
import { lockBusiness } from '../../lib/tx.js';

// files.routes.ts still reads the limit from here; the rule itself lives in @duka/domain.

/** Most pixels an upload may decode to (a 1 MB file can claim a huge canvas). */
const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Decodes every pixel (every frame of an animation): a file whose first bytes say PNG or JPEG
 * but whose rest is not an image is refused, not stored.
 */
async function assertDecodes(data: Buffer): Promise<void> {
  try {
    await sharp(data, { failOn: 'warning', animated: true, limitInputPixels: MAX_IMAGE_PIXELS }).stats();
  } catch {
    throw new AppError('image_unreadable', 'The file is damaged or not a whole image', 'avatar');
  }
}

/** The bytes and number of images a business keeps, against the configured cap. */
export async function imageStorage(
  db: Kysely<Database>,
  businessId: string,
  capBytes: number,
): Promise<ImageStorage> {
  const row = await db
    .selectFrom('files')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>('size'), eb.lit(0)).as('used'),
      eb.fn.countAll<number | string>().as('files'),
    ])
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return { used_bytes: Number(row.used), cap_bytes: capBytes, files: Number(row.files) };
}

/**
 * The image type the bytes are (recognised by them; never by a file name or a declared type),
 * after decoding every pixel; refuses anything else (`unsupported_file`, `image_unreadable`).
 */
export async function checkedImage(data: Buffer): Promise<{ mime: ImageMimeType }> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !(type.mime in IMAGE_TYPES)) {
    throw new AppError('unsupported_file', 'Only PNG, JPEG, WebP or GIF images can be uploaded', 'avatar');
  }
  await assertDecodes(data);
  return { mime: type.mime as ImageMimeType };
}

/**
 * Checks the bytes are a whole PNG, JPEG, WebP or GIF image and stores them within the business's
 * image storage cap; returns the stored name.
 */
export async function storeImage(
  db: Db,
  actor: Actor,
  data: Buffer,
  capBytes: number,
): Promise<{ name: string }> {
  if (data.length === 0) throw new AppError('unsupported_file', 'The file is empty', 'avatar');
  if (data.length > MAX_IMAGE_BYTES) {
    throw new AppError('payload_too_large', `The image is larger than ${MAX_IMAGE_BYTES} bytes`, 'avatar');
  }
  const type = await checkedImage(data);
  const ext = IMAGE_TYPES[type.mime];
  const id = newId();
  const name = `${id}.${ext}`;
  await db.kysely.transaction().execute(async (trx) => {
    // Under the business lock, so two uploads at once cannot both squeeze under the cap.
    await lockBusiness(db, trx, actor.businessId);
    const { used_bytes } = await imageStorage(trx, actor.businessId, capBytes);
    if (used_bytes + data.length > capBytes) {
      throw new AppError(
        'image_storage_full',
        `The business's images would take more than ${capBytes} bytes; delete some or ask for more room`,
        'avatar',
      );
    }
    await trx
      .insertInto('files')
      .values({
        id,
        business_id: actor.businessId,
        name,
        mime: type.mime,
        size: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        data,
        created_by: actor.userId,
        created_at: actor.at,
      })
      .execute();
    await appendJournal(trx, {
      ...actor.journal,
      docType: 'file',
      docId: id,
      action: 'file.upload',
      detail: { name, mime: type.mime, size: data.length },
    });
  });
  return { name };
}
