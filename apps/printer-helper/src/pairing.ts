import fs from 'node:fs';
import path from 'node:path';
import { CertificateError, describeCertificate, leafPem } from './certs.js';
import { loadConfig, saveConfig, type Pairing } from './config.js';

export class PairingError extends Error {
  override name = 'PairingError';
}

/** The Duka server's session cookie, for `--cookie TOKEN` given without a name. */
export const SESSION_COOKIE = 'duka_session';
export const CERTIFICATE_PATH = '/api/print/certificate';

export function cookieHeader(cookie: string): string {
  const c = cookie.trim();
  return c.includes('=') ? c : `${SESSION_COOKIE}=${c}`;
}

export function certificateUrl(server: string): URL {
  let base: URL;
  try {
    base = new URL(server);
  } catch {
    throw new PairingError(`Not a URL: ${server} (expected e.g. http://192.168.1.10:3000)`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new PairingError(`The server URL must start with http:// or https:// (got ${server})`);
  }
  return new URL(`${base.pathname.replace(/\/+$/, '')}${CERTIFICATE_PATH}`, base);
}

/** `GET <server>/api/print/certificate` (signed-in only), answered as PEM text. */
export async function fetchServerCertificate(
  server: string,
  cookie: string | undefined,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const url = certificateUrl(server);
  const headers: Record<string, string> = { accept: 'text/plain, application/x-pem-file' };
  if (cookie) headers.cookie = cookieHeader(cookie);
  let res: Response;
  try {
    res = await fetchImpl(url, { headers, redirect: 'error', signal: AbortSignal.timeout(15_000) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new PairingError(
      `Cannot reach ${url.origin}: ${cause?.code ?? cause?.message ?? (err as Error).message}`,
    );
  }
  const body = await res.text().catch(() => '');
  if (res.status === 401 || res.status === 403) {
    throw new PairingError(
      `The server refused (${res.status}): the certificate needs a signed-in session. ` +
        `Pass --cookie with the value of the ${SESSION_COOKIE} cookie from a signed-in browser, ` +
        'or save the certificate to a file and use --file',
    );
  }
  if (!res.ok) {
    throw new PairingError(
      `${url.href} answered ${res.status}: ${body.slice(0, 200).trim() || res.statusText}`,
    );
  }
  return body;
}

/** Stores the certificate as the only one this helper trusts (one business per till). */
export function pairWithCertificate(
  dir: string,
  pem: string,
  source: string,
  now: Date = new Date(),
): Pairing {
  let leaf: string;
  try {
    leaf = leafPem(pem);
  } catch (err) {
    if (err instanceof CertificateError) throw new PairingError(`${source}: ${err.message}`);
    throw err;
  }
  const info = describeCertificate(leaf);
  if (info.validTo.getTime() < now.getTime()) {
    throw new PairingError(`${source}: the certificate expired on ${info.validTo.toISOString()}`);
  }
  const pairing: Pairing = {
    certificate: leaf,
    fingerprint: info.fingerprint,
    subject: info.subject,
    source,
    pairedAt: now.toISOString(),
  };
  saveConfig(dir, { ...loadConfig(dir), pairing });
  return pairing;
}

export function readCertificateFile(file: string): { pem: string; source: string } {
  const full = path.resolve(file);
  try {
    return { pem: fs.readFileSync(full, 'utf8'), source: full };
  } catch (err) {
    throw new PairingError(
      `Cannot read ${full}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}
