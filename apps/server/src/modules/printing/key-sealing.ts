import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

/**
 * The printing private keys at rest (ADR 7 and the README's hosted section): with
 * KEY_ENCRYPTION_KEY set they are stored as `enc:v1:<iv>:<tag>:<ciphertext>` (base64 parts,
 * AES-256-GCM, the business id as additional data so a sealed key cannot be moved to another
 * business's row). A plain PEM still reads: local servers without the key keep them so, and a
 * server given the key seals the plain ones it finds at start.
 */
const PREFIX = 'enc:v1:';
const IV_BYTES = 12;

/** Why a stored printing key cannot be used: the configuration does not match the database. */
export class KeySealError extends Error {}

export function isSealed(stored: string): boolean {
  return stored.startsWith('enc:');
}

export function sealPrivateKey(pem: string, key: Buffer, businessId: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(businessId, 'utf8'));
  const body = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX}${iv.toString('base64')}:${tag.toString('base64')}:${body.toString('base64')}`;
}

/** The PEM of a stored key, sealed or plain; a KeySealError says what to fix when it cannot be. */
export function openPrivateKey(stored: string, key: Buffer | undefined, businessId: string): string {
  if (!isSealed(stored)) return stored;
  if (!stored.startsWith(PREFIX))
    throw new KeySealError('A printing key is sealed in a format this Duka does not know; update Duka');
  if (!key)
    throw new KeySealError(
      'The printing keys in this database are encrypted: set KEY_ENCRYPTION_KEY to the key they were encrypted with',
    );
  const [iv, tag, body] = stored.slice(PREFIX.length).split(':');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64'));
    decipher.setAAD(Buffer.from(businessId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag ?? '', 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body ?? '', 'base64')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new KeySealError(
      'KEY_ENCRYPTION_KEY does not open the printing keys in this database: it is not the key they were encrypted with',
    );
  }
}

/** What a key row should hold under this configuration: sealed when there is a key, else as given. */
export function storedForm(pem: string, key: Buffer | undefined, businessId: string): string {
  return key ? sealPrivateKey(pem, key, businessId) : pem;
}

/**
 * At start: with a key, seals every plain printing key still in the database, and checks that
 * the key opens the sealed ones (a wrong or missing key stops the server with a KeySealError
 * instead of failing at the till). Answers how many keys it sealed.
 */
export async function sealStoredKeys(db: Kysely<Database>, key: Buffer | undefined): Promise<number> {
  const rows = await db.selectFrom('business_keys').select(['business_id', 'private_key']).execute();
  let sealed = 0;
  for (const row of rows) {
    if (isSealed(row.private_key)) {
      openPrivateKey(row.private_key, key, row.business_id);
      continue;
    }
    if (!key) continue;
    await db
      .updateTable('business_keys')
      .set({ private_key: sealPrivateKey(row.private_key, key, row.business_id) })
      .where('business_id', '=', row.business_id)
      .where('private_key', '=', row.private_key)
      .execute();
    sealed += 1;
  }
  return sealed;
}
