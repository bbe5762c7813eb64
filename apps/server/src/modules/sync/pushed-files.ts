import { createHash } from 'node:crypto';
import { MAX_IMAGE_BYTES } from '@duka/domain';
import { AppError } from '../../lib/errors.js';
import { checkedImage } from '../files/files.service.js';
import { decodeRow } from './documents.js';
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
      const image = await checkedImage(data).catch(() => null);
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
