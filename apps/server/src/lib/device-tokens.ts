import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DeviceRow } from '../db/tables.js';

/** A new device token: 256 random bits, given once to the till that signed in with the device. */
export function newDeviceToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether `token` is the one issued to this device (compared as hashes, in constant time). */
export function deviceTokenMatches(device: Pick<DeviceRow, 'token_hash'>, token: string | null): boolean {
  if (!device.token_hash || !token) return false;
  const a = Buffer.from(device.token_hash, 'hex');
  const b = Buffer.from(hashDeviceToken(token), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
