import crypto from 'node:crypto';

/**
 * The QZ Tray websocket protocol as the official qz-tray client (2.1 – 2.3) speaks it:
 *
 * - The client sends the literal text `ping` as keep-alive; it expects no answer.
 * - Every other message is JSON with a `uid` (6 base-36 characters) that the answer must echo:
 *   `{uid, result}` or `{uid, error: message}`. An answer without a uid makes the client close
 *   the socket as an "incompatible version", so every answer carries one.
 * - After connecting it calls `getVersion`, then sends `{certificate: PEM | null, uid, ...}`,
 *   whose answer settles `qz.websocket.connect()`.
 * - A call is `{call, params, timestamp, uid, position, signature, signAlgorithm}`. For calls
 *   that need signing the client signs SHA-256-hex(JSON.stringify({call, params, timestamp}))
 *   (the 64 lowercase hex characters, as UTF-8 text) with the site's RSA key; `signAlgorithm` is
 *   the digest (SHA1 when absent: the client leaves it out for pre-signed calls).
 */

/** The client's own list (`_qz.security.needsSigned`): these are sent without a signature. */
export const UNSIGNED_CALLS: ReadonlySet<string> = new Set([
  'printers.getStatus',
  'printers.stopListening',
  'usb.isClaimed',
  'usb.closeStream',
  'usb.releaseDevice',
  'hid.stopListening',
  'hid.isClaimed',
  'hid.closeStream',
  'hid.releaseDevice',
  'file.stopListening',
  'getVersion',
]);

/**
 * How old a signed call's timestamp may be. The page signs a call just before sending it, on the
 * same computer, so a few minutes is plenty; a signature is remembered this long so that it runs
 * once only (QZ Tray's 15 minutes, either way, let a captured call be replayed).
 */
export const SIGNING_WINDOW_MS = 5 * 60 * 1000;
/** How far in the future a timestamp may be (clock skew between browser and helper is nil). */
export const FUTURE_SKEW_MS = 60 * 1000;

export function needsSigned(call: string): boolean {
  return !UNSIGNED_CALLS.has(call);
}

export interface QzCall {
  uid: string;
  call: string;
  /** Absent and `null` differ: each signs differently, so keep exactly what arrived. */
  params?: unknown;
  timestamp?: unknown;
  signature?: unknown;
  signAlgorithm?: unknown;
}

export type Incoming =
  | { kind: 'ping' }
  | { kind: 'certificate'; uid: string; certificate: string | null }
  | { kind: 'call'; message: QzCall }
  | { kind: 'invalid'; uid: string; error: string };

type Json = Record<string, unknown>;

export function parseIncoming(text: string): Incoming {
  if (text === 'ping') return { kind: 'ping' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'invalid', uid: '', error: 'Bad JSON: the message is not a JSON object' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { kind: 'invalid', uid: '', error: 'Bad JSON: the message is not a JSON object' };
  }
  const msg = raw as Json;
  // The client's uids are strings; a number is echoed as text, anything else cannot be matched.
  const uid = typeof msg.uid === 'string' ? msg.uid : typeof msg.uid === 'number' ? String(msg.uid) : '';
  if ('certificate' in msg) {
    const certificate =
      typeof msg.certificate === 'string' && msg.certificate.trim() !== '' ? msg.certificate : null;
    return { kind: 'certificate', uid, certificate };
  }
  if (typeof msg.call !== 'string' || msg.call === '') {
    return { kind: 'invalid', uid, error: 'Invalid function call: NONE' };
  }
  const message: QzCall = { uid, call: msg.call };
  for (const key of ['params', 'timestamp', 'signature', 'signAlgorithm'] as const) {
    if (key in msg) message[key] = msg[key];
  }
  return { kind: 'call', message };
}

/** The exact text the client hashed: JSON.stringify drops an absent `params` just as the client did. */
export function signedContent(message: QzCall): string {
  return JSON.stringify({ call: message.call, params: message.params, timestamp: message.timestamp });
}

/** What a signed call is known by in the `ReplayGuard`: the hash of what was signed. */
export function signedKey(message: QzCall): string {
  return sha256Hex(signedContent(message));
}

/** SHA-256 as lowercase hex, the client's `_qz.tools.hash` (UTF-8 of the string). */
export function sha256Hex(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

const DIGESTS: Record<string, string> = { SHA1: 'sha1', SHA256: 'sha256', SHA512: 'sha512' };

export type Verdict = { ok: true } | { ok: false; reason: string };

/**
 * Checks a call's timestamp and signature against the paired certificate's public key, the way
 * QZ Tray does (`PrintSocketClient.onMessage` / `Certificate.isSignatureValid`).
 */
export function verifySignedCall(message: QzCall, publicKey: crypto.KeyObject, now: number): Verdict {
  const ts = message.timestamp;
  if (typeof ts !== 'number' || !Number.isFinite(ts)) {
    return { ok: false, reason: 'Request blocked: the call has no timestamp' };
  }
  if (now - ts > SIGNING_WINDOW_MS) {
    return {
      ok: false,
      reason:
        "Request blocked: expired signature (the call's timestamp is more than 5 minutes before this computer's clock)",
    };
  }
  if (ts - now > FUTURE_SKEW_MS) {
    return {
      ok: false,
      reason: "Request blocked: the call's timestamp is more than a minute ahead of this computer's clock",
    };
  }
  if (typeof message.signature !== 'string' || message.signature === '') {
    return { ok: false, reason: 'Request blocked: the call is not signed' };
  }
  const claimed = message.signAlgorithm;
  const algorithm =
    claimed === undefined || claimed === null
      ? 'SHA1'
      : typeof claimed === 'string'
        ? claimed.toUpperCase()
        : '?';
  const digest = DIGESTS[algorithm];
  if (!digest) return { ok: false, reason: `Request blocked: unsupported signature algorithm ${algorithm}` };
  const data = Buffer.from(sha256Hex(signedContent(message)), 'utf8');
  // Base64 as the server writes it, nothing else: Node's decoder skips padding, spaces and line
  // breaks, so one signature could be written many ways, each a "new" one to a guard by text.
  const signature = Buffer.from(message.signature, 'base64');
  if (signature.toString('base64') !== message.signature)
    return { ok: false, reason: 'Request blocked: invalid signature' };
  let valid = false;
  try {
    valid = crypto.verify(digest, data, publicKey, signature);
  } catch {
    valid = false;
  }
  return valid ? { ok: true } : { ok: false, reason: 'Request blocked: invalid signature' };
}

/**
 * Signed calls already run, each kept until it would be refused as expired anyway: a signed call
 * runs once. Known by what was signed (`signedKey`), not by the signature's text, which can be
 * written in more than one way. Shared by every connection of one helper.
 */
export class ReplayGuard {
  private readonly seen = new Map<string, number>();

  /** False when this call was run before; else remembers it until `timestamp` expires. */
  claim(key: string, timestamp: number, now: number): boolean {
    for (const [k, until] of this.seen) if (until < now) this.seen.delete(k);
    if (this.seen.has(key)) return false;
    this.seen.set(key, timestamp + SIGNING_WINDOW_MS);
    return true;
  }

  get size(): number {
    return this.seen.size;
  }
}

export function resultReply(uid: string, result: unknown): string {
  // `undefined` would drop the key; QZ Tray always sends `result`, null when there is none.
  return JSON.stringify({ uid, result: result === undefined ? null : result });
}

export function errorReply(uid: string, error: string): string {
  return JSON.stringify({ uid, error });
}
