import crypto from 'node:crypto';
import forge from 'node-forge';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

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
  const subject = [
    { name: 'commonName', value: `${businessName.slice(0, 50)} (Duka)` },
    { name: 'organizationName', value: 'Duka' },
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

/** Stores new keys for a business (at setup, or for one made before printing existed). */
export async function createBusinessKeys(
  db: Kysely<Database>,
  businessId: string,
  businessName: string,
  at: string,
): Promise<{ private_key: string; certificate: string }> {
  const keys = makeBusinessKeys(businessName, new Date(at));
  const row = {
    business_id: businessId,
    private_key: keys.privateKey,
    certificate: keys.certificate,
    created_at: at,
  };
  await db
    .insertInto('business_keys')
    .values(row)
    .onConflict((oc) => oc.column('business_id').doNothing())
    .execute();
  return db
    .selectFrom('business_keys')
    .select(['private_key', 'certificate'])
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
}

export async function businessKeys(
  db: Kysely<Database>,
  business: { id: string; name: string },
  at: string,
): Promise<{ private_key: string; certificate: string }> {
  const row = await db
    .selectFrom('business_keys')
    .select(['private_key', 'certificate'])
    .where('business_id', '=', business.id)
    .executeTakeFirst();
  return row ?? createBusinessKeys(db, business.id, business.name, at);
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
