import { QZ_HOSTS, QZ_PORTS } from '@duka/domain';
import { deviceHeaders } from '../api-client';

/**
 * The printer helper (Duka's or an installed QZ Tray) through the official `qz-tray` client,
 * loaded on demand so the sign-in page stays small. One websocket per page, shared by the device
 * read (before sign-in: no certificate, nothing signed) and printing (the business certificate,
 * every call signed by the server with the business key).
 */
type Resolver<T> = (resolve: (value: T) => void, reject: (reason?: unknown) => void) => void;

/** The part of the qz-tray client the app uses (the package ships no types). */
export interface QzApi {
  websocket: {
    connect(options?: {
      host?: string | string[];
      port?: { secure?: number[]; insecure?: number[] };
      retries?: number;
      delay?: number;
    }): Promise<void>;
    disconnect(): Promise<void>;
    isActive(): boolean;
  };
  security: {
    setCertificatePromise(handler: Resolver<string | null>): void;
    setSignaturePromise(factory: (toSign: string) => Resolver<string | null>): void;
    setSignatureAlgorithm(algorithm: string): void;
  };
  api: {
    getVersion(): Promise<string>;
    /** Replaces the client's SHA-256 of the text of each call it signs (may return a promise). */
    setSha256Type(hasher: (text: string) => string | Promise<string>): void;
  };
  printers: {
    find(query?: string): Promise<string | string[]>;
    getDefault(): Promise<string | null>;
  };
  configs: { create(printer: string, options?: Record<string, unknown>): unknown };
  print(config: unknown, data: unknown[]): Promise<unknown>;
  networking: { device(): Promise<{ mac?: string; ip?: string } | null> };
}

export class HelperUnreachableError extends Error {
  constructor(cause?: unknown) {
    super('Printer helper unreachable');
    this.cause = cause;
  }
}

export const HELPER_TIMEOUT_MS = 4000;
export const CERTIFICATE_URL = '/api/print/certificate';

let qzPromise: Promise<QzApi> | null = null;
export function loadQz(): Promise<QzApi> {
  qzPromise ??= import('qz-tray').then((m) => ('default' in m ? m.default : m) as unknown as QzApi);
  return qzPromise;
}

export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** A signed-in GET answered as text (the certificate PEM, a signature). */
async function fetchText(path: string): Promise<string> {
  const headers: Record<string, string> = { Accept: 'text/plain', ...deviceHeaders() };
  const res = await fetch(path, { headers, credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return res.text();
}

export const SIGN_URL = '/api/print/sign';

/**
 * Asks the server to sign one call: the JSON text the client hashes (`{call, params, timestamp}`).
 * The server signs only calls it would make for this user (a read of the helper, or printing a
 * receipt the user may see, byte for byte: ADR 8) and answers the hash with its signature.
 */
async function serverSign(request: string): Promise<{ hash: string; signature: string }> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    ...deviceHeaders(),
  };
  const res = await fetch(SIGN_URL, {
    method: 'POST',
    headers,
    credentials: 'same-origin',
    cache: 'no-store',
    body: JSON.stringify({ request, algorithm: 'SHA512' }),
  });
  if (!res.ok) throw new Error(`${SIGN_URL} answered ${res.status}`);
  return (await res.json()) as { hash: string; signature: string };
}

/** Signatures the server made, by the hash the client then asks the signature promise for. */
const signatures = new Map<string, string>();

/**
 * How the open connection was made: `null` without the certificate (the device read before
 * sign-in), else the id of the business whose certificate it sent.
 */
let connectedAs: { business: string | null } | null = null;
let connecting: Promise<QzApi> | null = null;

function anonymousSecurity(qz: QzApi): void {
  qz.security.setCertificatePromise((resolve) => resolve(null));
  // Nothing is signed before sign-in: the helper answers the device read unsigned to this origin.
  qz.api.setSha256Type(() => '');
  qz.security.setSignaturePromise(() => (resolve) => resolve(null));
}

/**
 * The client hands the signature promise only a hash; the server must see the call itself to
 * decide. So the hashing step sends the call's text to the server, which answers the hash and
 * its signature; the signature promise then picks that signature up by the hash.
 */
function businessSecurity(qz: QzApi): void {
  qz.security.setCertificatePromise((resolve, reject) => {
    fetchText(CERTIFICATE_URL).then(resolve, reject);
  });
  qz.security.setSignatureAlgorithm('SHA512');
  qz.api.setSha256Type(async (text) => {
    const { hash, signature } = await serverSign(text);
    signatures.set(hash, signature);
    return hash;
  });
  qz.security.setSignaturePromise((toSign) => (resolve, reject) => {
    const signature = signatures.get(toSign);
    signatures.delete(toSign);
    if (signature) resolve(signature);
    else reject(new Error('The server did not sign this call'));
  });
}

async function open(business: string | null): Promise<QzApi> {
  const qz = await loadQz();
  const current = qz.websocket.isActive() ? connectedAs : null;
  // Any open connection reads the device; printing needs one made with this business's certificate.
  if (current && (business === null || current.business === business)) return qz;
  if (qz.websocket.isActive()) await qz.websocket.disconnect().catch(() => undefined);
  connectedAs = null;
  if (business === null) anonymousSecurity(qz);
  else businessSecurity(qz);
  // Exactly the hosts and ports the server's CSP allows (the domain's one list).
  await qz.websocket.connect({
    host: [...QZ_HOSTS],
    port: { secure: [...QZ_PORTS.secure], insecure: [...QZ_PORTS.insecure] },
    retries: 0,
    delay: 0,
  });
  connectedAs = { business };
  return qz;
}

/**
 * The helper, connected for what is asked: `business` null for the unsigned device read, else
 * the signed-in business (certificate sent, calls signed). Throws HelperUnreachableError when no
 * helper answers in time.
 */
export async function connectHelper(business: string | null, timeoutMs = HELPER_TIMEOUT_MS): Promise<QzApi> {
  const attempt = (connecting ?? Promise.resolve(null)).catch(() => null).then(() => open(business));
  connecting = attempt;
  try {
    return await withTimeout(attempt, timeoutMs);
  } catch (err) {
    throw new HelperUnreachableError(err);
  } finally {
    if (connecting === attempt) connecting = null;
  }
}

/** For tests: forget the connection state between cases. */
export function resetHelperConnection(): void {
  connectedAs = null;
  connecting = null;
  qzPromise = null;
  signatures.clear();
}
