import { createHash, randomBytes } from 'node:crypto';

/** A new session token: 32 random bytes, sent to the client once; only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
