import Dexie, { type EntityTable } from 'dexie';

/**
 * One row of the seed spec's device store (§3): auto id and the device address, and the device
 * token the server issued this till at its first sign-in (ADR 8; not indexed, so the store's
 * version stays 12).
 */
export interface DeviceRecord {
  id?: number;
  mac: string;
  token?: string;
}

/**
 * IndexedDB `bizonline`, version 12, store `device` ('++id, mac'). The id is kept in the clear.
 * Dexie multiplies a declared version by 10, so 1.2 is the seed spec's native version 12. A till
 * that made the database at 120 before keeps it: Dexie 4 opens a higher installed version as is.
 */
export class DeviceDatabase extends Dexie {
  device!: EntityTable<DeviceRecord, 'id'>;
  constructor() {
    super('bizonline');
    this.version(1.2).stores({ device: '++id, mac' });
  }
}

let db: DeviceDatabase | null = null;
function database(): DeviceDatabase {
  db ??= new DeviceDatabase();
  return db;
}

export class DeviceStorageError extends Error {
  constructor(cause: unknown) {
    super('Could not save device');
    this.cause = cause;
  }
}

/** The saved device id, or null when none was saved yet. */
export async function readStoredDevice(): Promise<string | null> {
  const row = await database().device.orderBy('id').first();
  return row?.mac ?? null;
}

/** The device token saved for this device id, or null. */
export async function readStoredDeviceToken(mac: string): Promise<string | null> {
  const row = await database().device.where('mac').equals(mac).first();
  return row?.token ?? null;
}

/** Keeps the token the server issued beside the device id (nothing when that id is not saved). */
export async function saveDeviceToken(mac: string, token: string): Promise<void> {
  await database().device.where('mac').equals(mac).modify({ token });
}

/** Saves the device id once; a second call keeps the first id. */
export async function saveDevice(mac: string): Promise<string> {
  try {
    const existing = await readStoredDevice();
    if (existing) return existing;
    await database().device.add({ mac });
    return mac;
  } catch (err) {
    throw new DeviceStorageError(err);
  }
}

/** A random device id for tills without a printer helper: 'R' + 16 uppercase hex digits. */
export function randomDeviceId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return `R${Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}
