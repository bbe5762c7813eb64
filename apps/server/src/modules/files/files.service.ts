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
import { oneDecodeAtATime } from './decode-queue.js';

// files.routes.ts still reads the limit from here; the rule itself lives in @duka/domain.

/** Most pixels an upload may decode to (a 1 MB file can claim a huge canvas). */
const MAX_IMAGE_PIXELS = 50_000_000;

/** The pipeline that decodes an upload: any warning (a truncated or damaged file) refuses it. */
const decoder = (data: Buffer) =>
  sharp(data, { failOn: 'warning', animated: true, limitInputPixels: MAX_IMAGE_PIXELS });

const unreadable = () =>
  new AppError('image_unreadable', 'The file is damaged or not a whole image', 'avatar');

/**
 * Decodes every pixel (every frame of an animation), one decode at a time (`oneDecodeAtATime`):
 * a file whose first bytes say PNG or JPEG but whose rest is not an image is refused, not stored.
 * What is written is one byte per pixel, thrown away: sharp's `stats()` did the same decode and
 * then sums, histograms and a sharpness no one read (a 50-megapixel PNG took 1.7 s of processor,
 * now 0.2 s).
 */
async function assertDecodes(data: Buffer): Promise<void> {
  await oneDecodeAtATime(async () => {
    try {
      await decoder(data).extractChannel(0).raw({ depth: 'uchar' }).toBuffer();
    } catch {
      throw unreadable();
    }
  });
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

/** The image type the bytes say they are (never a file name or a declared type), or `unsupported_file`. */
async function imageTypeOf(data: Buffer): Promise<ImageMimeType> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !(type.mime in IMAGE_TYPES)) {
    throw new AppError('unsupported_file', 'Only PNG, JPEG, WebP or GIF images can be uploaded', 'avatar');
  }
  return type.mime as ImageMimeType;
}

/**
 * The image type the bytes are (recognised by them; never by a file name or a declared type),
 * after decoding every pixel; refuses anything else (`unsupported_file`, `image_unreadable`, or
 * `server_busy` when too many images wait to be decoded). For bytes kept as they came (a pushed
 * file, an archive's): an upload is checked by being written again (`storeImage`).
 */
export async function checkedImage(data: Buffer): Promise<{ mime: ImageMimeType }> {
  const mime = await imageTypeOf(data);
  await assertDecodes(data);
  return { mime };
}

/**
 * An upload written again from its pixels, in its own type: what is kept and served. What else
 * the file carried goes: bytes after the image's end (a PNG that is also a page or an archive),
 * EXIF with its GPS position (a phone's photo says where it was taken), comments. A photo turned
 * by its EXIF orientation is turned for good, as the tag goes. Every pixel of every frame is
 * decoded to write it, so a file that is not a whole image is `image_unreadable`: this is the
 * upload's check, with no decode of its own. A PNG keeps its palette and its bit depth (16 bits
 * stay 16); a JPEG or WebP is written at the first quality of 90, 80, 70, 60, 50 that is no
 * larger than it came (one saved small is not kept larger). Each quality tried decodes the file
 * again: its pixels kept between tries cost more (a 50-megapixel JPEG's 150 MB written to memory
 * took 0.5 s, its decode 0.1 s; each encode 0.9 s).
 */
async function cleanImage(data: Buffer, mime: ImageMimeType): Promise<Buffer> {
  const image = () => decoder(data).autoOrient();
  try {
    switch (mime) {
      case 'image/png': {
        const meta = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
        if (meta.isPalette) {
          // its palette's bits per pixel (1, 2, 4 or 8): sharp takes `bitdepth`, its types do not name it
          const bitdepth = Math.min(8, meta.bitsPerSample ?? 8);
          const palette: sharp.PngOptions & { bitdepth: number } = {
            palette: true,
            colours: 2 ** bitdepth,
            bitdepth,
            dither: 0,
            compressionLevel: 9,
          };
          return await image().png(palette).toBuffer();
        }
        const deep =
          meta.depth === 'ushort'
            ? image().toColourspace((meta.channels ?? 3) >= 3 ? 'rgb16' : 'grey16')
            : image();
        return await deep.png({ compressionLevel: 9 }).toBuffer();
      }
      case 'image/jpeg':
        return await notLarger((quality) => image().jpeg({ quality }).toBuffer(), data.length);
      case 'image/webp':
        return await notLarger((quality) => image().webp({ quality }).toBuffer(), data.length);
      case 'image/gif':
        return await image().gif().toBuffer();
    }
  } catch {
    throw unreadable();
  }
}

/** The first quality whose bytes are no more than `limit`, else the last tried. */
async function notLarger(encode: (quality: number) => Promise<Buffer>, limit: number): Promise<Buffer> {
  let out: Buffer = Buffer.alloc(0);
  for (const quality of [90, 80, 70, 60, 50]) {
    out = await encode(quality);
    if (out.length <= limit) return out;
  }
  return out;
}

/**
 * Checks the bytes are a whole PNG, JPEG, WebP or GIF image and stores it, written again from its
 * pixels (`cleanImage`), within the business's image storage cap; returns the stored name.
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
  const type = { mime: await imageTypeOf(data) };
  const kept = await oneDecodeAtATime(() => cleanImage(data, type.mime));
  // what a push may carry (sync/pushed-files.ts): a file written larger than it came is refused too
  if (kept.length > MAX_IMAGE_BYTES) {
    throw new AppError('payload_too_large', `The image is larger than ${MAX_IMAGE_BYTES} bytes`, 'avatar');
  }
  const ext = IMAGE_TYPES[type.mime];
  const id = newId();
  const sha256 = createHash('sha256').update(kept).digest('hex');
  return db.kysely.transaction().execute(async (trx) => {
    // Under the business lock, so two uploads at once cannot both squeeze under the cap.
    await lockBusiness(db, trx, actor.businessId);
    // The same picture sent again by the same user (a retry whose answer was lost, the same photo
    // on two products) is the file they sent before: its name, nothing written, no room taken
    // twice. Files are never deleted or changed, so sharing one is safe; but not an expense's slip,
    // which only those who may add expenses see (a photo shared with it would be hidden too).
    const same = await trx
      .selectFrom('files as f')
      .select('f.name')
      .where('f.business_id', '=', actor.businessId)
      .where('f.sha256', '=', sha256)
      .where('f.mime', '=', type.mime)
      .where('f.created_by', '=', actor.userId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('expenses as e')
              .select('e.id')
              .whereRef('e.business_id', '=', 'f.business_id')
              .whereRef('e.image', '=', 'f.name'),
          ),
        ),
      )
      .orderBy('f.name')
      .executeTakeFirst();
    if (same) return { name: same.name };
    const name = `${id}.${ext}`;
    const { used_bytes } = await imageStorage(trx, actor.businessId, capBytes);
    if (used_bytes + kept.length > capBytes) {
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
        size: kept.length,
        sha256,
        data: kept,
        created_by: actor.userId,
        created_at: actor.at,
      })
      .execute();
    await appendJournal(trx, {
      ...actor.journal,
      docType: 'file',
      docId: id,
      action: 'file.upload',
      detail: { name, mime: type.mime, size: kept.length },
    });
    return { name };
  });
}
