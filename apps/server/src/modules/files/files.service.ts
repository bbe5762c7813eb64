import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { Actor } from '../../lib/actor.js';
import { newId } from '../../lib/ids.js';
import { appendJournal } from '../../lib/journal.js';

/** Profile images and logos: at most 1,000,000 bytes (seed spec §5, §9). */
export const MAX_IMAGE_BYTES = 1_000_000;

/** Image types accepted, recognised by their bytes; never by file name or declared type. */
const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Checks the bytes are a PNG, JPEG, WebP or GIF image and stores them; returns the stored name. */
export async function storeImage(db: Db, actor: Actor, data: Buffer): Promise<{ name: string }> {
  if (data.length === 0) throw new AppError('unsupported_file', 'The file is empty', 'avatar');
  if (data.length > MAX_IMAGE_BYTES) {
    throw new AppError('payload_too_large', `The image is larger than ${MAX_IMAGE_BYTES} bytes`, 'avatar');
  }
  const type = await fileTypeFromBuffer(data);
  const ext = type ? IMAGE_TYPES[type.mime] : undefined;
  if (!type || !ext) {
    throw new AppError('unsupported_file', 'Only PNG, JPEG, WebP or GIF images can be uploaded', 'avatar');
  }
  const id = newId();
  const name = `${id}.${ext}`;
  await db.kysely.transaction().execute(async (trx) => {
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
