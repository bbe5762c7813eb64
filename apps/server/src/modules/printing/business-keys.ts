import crypto from 'node:crypto';
import forge from 'node-forge';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Actor, Context } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { appendJournal } from '../../lib/journal.js';
import { KeySealError, isSealed, openPrivateKey, sealPrivateKey, storedForm } from './key-sealing.js';

/** How long a business's signing certificate is valid. */
const CERTIFICATE_YEARS = 20;

/**
 * A business's key pair and self-signed certificate for signing printer calls (the qz-tray
 * client sends the certificate; the printer helper trusts only this one). RSA 2048; Node makes the
 * key, node-forge assembles the certificate, which Node's crypto cannot.
 */
export function makeBusinessKeys(
  businessName: string,
  now: Date,
): { privateKey: string; certificate: string } {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${crypto.randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + CERTIFICATE_YEARS * 365 * 86_400_000);
  // UTF8String, not node-forge's default PrintableString, which keeps one byte of each character
  // and mangles a name like "Café Ünal". Cut by characters, never inside one.
  const name = Array.from(businessName).slice(0, 50).join('');
  // @types/node-forge types valueTagClass as a Class; node-forge reads it as the value's tag (Type).
  const utf8 = forge.asn1.Type.UTF8 as unknown as forge.asn1.Class;
  const subject = [
    { name: 'commonName', value: `${name} (Duka)`, valueTagClass: utf8 },
    { name: 'organizationName', value: 'Duka', valueTagClass: utf8 },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true },
  ]);
  cert.sign(
    forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    forge.md.sha256.create(),
  );
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificate: forge.pki.certificateToPem(cert),
  };
}

/** Who makes the keys (the first print's caller), and of which business. */
type KeyMaker = Actor & Pick<Context, 'business'>;

/**
 * Stores new keys for a business (on its first print: setup does not make them), sealed with
 * KEY_ENCRYPTION_KEY when it is set, and journals them (`business.keys_create`). Answers the keys
 * in use, the private key as PEM.
 */
export async function createBusinessKeys(
  db: Kysely<Database>,
  maker: KeyMaker,
  keyEncryptionKey: Buffer | undefined,
): Promise<{ private_key: string; certificate: string }> {
  const businessId = maker.businessId;
  const keys = makeBusinessKeys(maker.business.name, new Date(maker.at));
  const row = {
    business_id: businessId,
    private_key: storedForm(keys.privateKey, keyEncryptionKey, businessId),
    certificate: keys.certificate,
    created_at: maker.at,
  };
  await db.transaction().execute(async (trx) => {
    const made = await trx
      .insertInto('business_keys')
      .values(row)
      .onConflict((oc) => oc.column('business_id').doNothing())
      .returning('business_id')
      .executeTakeFirst();
    // Another request may have made them first: then it journaled them, and its keys are the ones.
    if (made)
      await appendJournal(trx, {
        ...maker.journal,
        docType: 'business',
        docId: businessId,
        action: 'business.keys_create',
      });
  });
  const stored = await db
    .selectFrom('business_keys')
    .select(['private_key', 'certificate'])
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return { ...stored, private_key: openedKey(stored.private_key, keyEncryptionKey, businessId) };
}

/** The stored key as PEM; a configuration that cannot open it is a clear 503, not a crash. */
function openedKey(stored: string, key: Buffer | undefined, businessId: string): string {
  try {
    return openPrivateKey(stored, key, businessId);
  } catch (err) {
    if (err instanceof KeySealError) throw new AppError('printing_key_unavailable', err.message);
    throw err;
  }
}

/**
 * The business's keys, made on first use. A plain key found while KEY_ENCRYPTION_KEY is set is
 * sealed here (the start does it for all; this covers a row written meanwhile by an older server).
 */
export async function businessKeys(
  db: Kysely<Database>,
  maker: KeyMaker,
  keyEncryptionKey: Buffer | undefined,
): Promise<{ private_key: string; certificate: string }> {
  const business = maker.business;
  const row = await db
    .selectFrom('business_keys')
    .select(['private_key', 'certificate'])
    .where('business_id', '=', business.id)
    .executeTakeFirst();
  if (!row) return createBusinessKeys(db, maker, keyEncryptionKey);
  if (keyEncryptionKey && !isSealed(row.private_key))
    await db
      .updateTable('business_keys')
      .set({ private_key: sealPrivateKey(row.private_key, keyEncryptionKey, business.id) })
      .where('business_id', '=', business.id)
      .where('private_key', '=', row.private_key)
      .execute();
  return { ...row, private_key: openedKey(row.private_key, keyEncryptionKey, business.id) };
}

/** The algorithms the qz-tray client may ask for; SHA512 is what Duka's app uses. */
export const SIGN_ALGORITHMS = { SHA1: 'sha1', SHA256: 'sha256', SHA512: 'sha512' } as const;

/** A base64 RSA signature of the text the qz-tray client hands over (a SHA-256 hex digest). */
export function signForPrinter(
  privateKey: string,
  request: string,
  algorithm: keyof typeof SIGN_ALGORITHMS,
): string {
  return crypto.sign(SIGN_ALGORITHMS[algorithm], Buffer.from(request, 'utf8'), privateKey).toString('base64');
}
