import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { ensureConfigDir } from './config.js';

export class CertificateError extends Error {
  override name = 'CertificateError';
}

export interface CertificateInfo {
  fingerprint: string;
  subject: string;
  validFrom: Date;
  validTo: Date;
}

export interface KeyAndCertificate {
  /** PKCS#8 PEM private key. */
  key: string;
  /** X.509 PEM certificate. */
  cert: string;
}

export interface SelfSignedOptions {
  commonName: string;
  organization?: string;
  /** DNS names and IP addresses for subjectAltName (TLS); omit for a signing certificate. */
  dnsNames?: string[];
  ipAddresses?: string[];
  days: number;
  now?: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An RSA-2048 key and a self-signed SHA-256 certificate. Node makes the key (fast, native);
 * node-forge only assembles and signs the certificate, which Node's crypto cannot do.
 */
export function generateSelfSigned(opts: SelfSignedOptions): KeyAndCertificate {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = opts.now ?? new Date();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // A positive serial: a leading 0x01 byte keeps the DER integer from reading as negative.
  cert.serialNumber = `01${crypto.randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + opts.days * DAY_MS);
  const attrs: forge.pki.CertificateField[] = [{ name: 'commonName', value: opts.commonName }];
  if (opts.organization) attrs.push({ name: 'organizationName', value: opts.organization });
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  const altNames = [
    ...(opts.dnsNames ?? []).map((value) => ({ type: 2, value })),
    ...(opts.ipAddresses ?? []).map((ip) => ({ type: 7, ip })),
  ];
  const tls = altNames.length > 0;
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: tls },
    ...(tls
      ? [
          { name: 'extKeyUsage', serverAuth: true },
          { name: 'subjectAltName', altNames },
        ]
      : []),
    { name: 'subjectKeyIdentifier' },
  ]);
  const forgeKey = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  );
  cert.sign(forgeKey, forge.md.sha256.create());
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: forge.pki.certificateToPem(cert),
  };
}

/** Parses the first certificate of a PEM (a chain's leaf); throws CertificateError if there is none. */
export function parseCertificate(pem: string): crypto.X509Certificate {
  const match = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(pem);
  if (!match) throw new CertificateError('No PEM certificate found (expected -----BEGIN CERTIFICATE-----)');
  try {
    return new crypto.X509Certificate(match[0]);
  } catch (err) {
    throw new CertificateError(`Not a valid X.509 certificate: ${(err as Error).message}`);
  }
}

/** Just the first certificate block, normalised, for storing. */
export function leafPem(pem: string): string {
  return parseCertificate(pem).toString();
}

export function describeCertificate(pem: string): CertificateInfo {
  const cert = parseCertificate(pem);
  return {
    fingerprint: cert.fingerprint256,
    subject: cert.subject.replace(/\n/g, ', '),
    validFrom: new Date(cert.validFrom),
    validTo: new Date(cert.validTo),
  };
}

/**
 * Whether the certificate a page sent is the paired business certificate. The whole DER is
 * compared (by SHA-256 fingerprint), not the subject: anyone can mint a certificate with the
 * business's name, nobody can mint one with its key.
 */
export function isPairedCertificate(sent: crypto.X509Certificate, pairedFingerprint: string): boolean {
  const a = Buffer.from(sent.fingerprint256.replace(/:/g, ''), 'hex');
  const b = Buffer.from(pairedFingerprint.replace(/:/g, ''), 'hex');
  return a.length === b.length && a.length > 0 && crypto.timingSafeEqual(a, b);
}

export const TLS_CERT_FILE = 'tls-cert.pem';
export const TLS_KEY_FILE = 'tls-key.pem';
const TLS_DAYS = 825;
const RENEW_BEFORE_MS = 30 * DAY_MS;

/**
 * The helper's own TLS certificate for wss://localhost:8181, made on first run and kept so the
 * browser's "proceed anyway" exception stays valid; renewed only when it is about to expire.
 */
export function ensureTlsCertificate(
  dir: string,
  now: Date = new Date(),
): KeyAndCertificate & { created: boolean } {
  const certFile = path.join(dir, TLS_CERT_FILE);
  const keyFile = path.join(dir, TLS_KEY_FILE);
  if (fs.existsSync(certFile) && fs.existsSync(keyFile)) {
    const cert = fs.readFileSync(certFile, 'utf8');
    const key = fs.readFileSync(keyFile, 'utf8');
    try {
      const x509 = parseCertificate(cert);
      const fresh = new Date(x509.validTo).getTime() - now.getTime() > RENEW_BEFORE_MS;
      if (fresh && x509.checkPrivateKey(crypto.createPrivateKey(key))) return { cert, key, created: false };
    } catch {
      // Unreadable or mismatched files are replaced below.
    }
  }
  const made = generateSelfSigned({
    commonName: 'localhost',
    organization: 'Duka printer helper',
    dnsNames: ['localhost', 'localhost.qz.io'],
    ipAddresses: ['127.0.0.1', '::1'],
    days: TLS_DAYS,
    now,
  });
  ensureConfigDir(dir);
  fs.writeFileSync(keyFile, made.key, { mode: 0o600 });
  fs.writeFileSync(certFile, made.cert, { mode: 0o644 });
  return { ...made, created: true };
}
