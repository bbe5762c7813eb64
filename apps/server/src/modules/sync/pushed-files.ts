import { createHash } from 'node:crypto';
import { MAX_IMAGE_BYTES } from '@duka/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { AppError, isAppError } from '../../lib/errors.js';
import { checkedImage, imageStorage } from '../files/files.service.js';
import { type SyncDocument, decodeRow, docKey } from './documents.js';
import type { DocBody } from './doc-specs.js';
import type { PushBody } from './wire.js';

/**
 * A pushed file is an image as its bytes say, at most an upload's size, and its row tells the
 * truth of them (type, size, hash): a shop uploads only what `storeImage` checked, so anything
 * else is a hostile batch. A row written as sent was served as its type said, and counted
 * against the image storage at the size it claimed (a megabyte counted as one byte).
 */
export async function checkPushedFiles(documents: PushBody['documents']): Promise<void> {
  for (const d of documents) {
    if (d.type !== 'file') continue;
    for (const row of d.body.files ?? []) {
      const { data, mime, size, sha256 } = decodeRow(row);
      const untrue = () =>
        new AppError('sync_batch_invalid', `The batch is not valid: file ${d.id} is not the image it says`);
      if (!Buffer.isBuffer(data) || data.length === 0 || data.length > MAX_IMAGE_BYTES) throw untrue();
      // (too many images waiting to be decoded is the server's state, not the batch's)
      const image = await checkedImage(data).catch((err: unknown) => {
        if (isAppError(err) && err.code === 'server_busy') throw err;
        return null;
      });
      if (
        !image ||
        image.mime !== mime ||
        Number(size) !== data.length ||
        sha256 !== createHash('sha256').update(data).digest('hex')
      )
        throw untrue();
    }
  }
}

const fileBytes = (d: SyncDocument): number =>
  (d.body.files ?? []).reduce((n, row) => {
    const { data } = decodeRow(row);
    return n + (Buffer.isBuffer(data) ? data.length : 0);
  }, 0);

/**
 * The new files of a push that would take the business's images past the hosted server's cap
 * (`MAX_IMAGE_STORAGE_MB`, the uploads' own, files.service.ts `storeImage`), in the batch's order:
 * set aside as `image_storage_full`, so one shop cannot fill the disk every business shares,
 * and the rest of the batch (a product naming the photo too) is written. `fresh` holds only
 * documents this server does not have; the count is under the business's lock.
 */
export async function overImageCap(
  k: Kysely<Database>,
  businessId: string,
  fresh: readonly SyncDocument[],
  capBytes: number,
  aside: ReadonlyMap<string, unknown>,
): Promise<string[]> {
  const files = fresh.filter((d) => d.type === 'file' && !aside.has(docKey(d.type, d.id)));
  if (files.length === 0) return [];
  let used = (await imageStorage(k, businessId, capBytes)).used_bytes;
  const over: string[] = [];
  for (const d of files) {
    const bytes = fileBytes(d);
    if (used + bytes > capBytes) over.push(docKey(d.type, d.id));
    else used += bytes;
  }
  return over;
}

/**
 * A document's body as quarantine keeps it: a file without its bytes (its name, type, size and
 * hash say which it was), so a file set aside does not take the room it was refused.
 */
export function withoutFileBytes(type: string, body: DocBody): DocBody {
  if (type !== 'file') return body;
  return { ...body, files: (body.files ?? []).map(({ data: _data, ...row }) => row) };
}
