import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

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

interface DeviceSchema extends DBSchema {
  device: { key: number; value: DeviceRecord; indexes: { mac: string } };
}

/** The seed spec's IndexedDB database and its native version (§3). */
export const DEVICE_DB = 'bizonline';
export const DEVICE_DB_VERSION = 12;

/**
 * IndexedDB `bizonline`, version 12, store `device` (auto-increment id, non-unique index `mac`),
 * through `idb` (about 1 KB; Dexie, which made this store before, was 31 KB of gzip on every
 * signed-in page for one row, issue 21). A till whose database an earlier build made at a higher
 * version (120: Dexie multiplies a declared 1.2 by 10) keeps it and opens it as it is, as Dexie 4
 * did; the store and index are the same.
 */
async function openDevices(): Promise<IDBPDatabase<DeviceSchema>> {
  try {
    return await openDB<DeviceSchema>(DEVICE_DB, DEVICE_DB_VERSION, {
      upgrade(db) {
        if (db.objectStoreNames.contains('device')) return;
        const store = db.createObjectStore('device', { keyPath: 'id', autoIncrement: true });
        store.createIndex('mac', 'mac', { unique: false });
      },
    });
  } catch (err) {
    if ((err as { name?: string } | null)?.name !== 'VersionError') throw err;
    return openDB<DeviceSchema>(DEVICE_DB);
  }
}

let db: Promise<IDBPDatabase<DeviceSchema>> | null = null;
function database(): Promise<IDBPDatabase<DeviceSchema>> {
  // a failed open is asked again next time (a private window, storage full for a moment)
  db ??= openDevices().catch((err: unknown) => {
    db = null;
    throw err;
  });
  return db;
}

export class DeviceStorageError extends Error {
  constructor(cause: unknown) {
    super('Could not save device');
    this.cause = cause;
  }
}

/** The saved device id (the first saved), or null when none was saved yet. */
export async function readStoredDevice(): Promise<string | null> {
  const [first] = await (await database()).getAll('device', undefined, 1);
  return first?.mac ?? null;
}

/** The device token saved for this device id, or null. */
export async function readStoredDeviceToken(mac: string): Promise<string | null> {
  const row = await (await database()).getFromIndex('device', 'mac', mac);
  return row?.token ?? null;
}

/** Keeps the token the server issued beside the device id (nothing when that id is not saved). */
export async function saveDeviceToken(mac: string, token: string): Promise<void> {
  const tx = (await database()).transaction('device', 'readwrite');
  for (let cursor = await tx.store.index('mac').openCursor(mac); cursor; cursor = await cursor.continue())
    await cursor.update({ ...cursor.value, token });
  await tx.done;
}

/** Saves the device id once; a second call keeps the first id. */
export async function saveDevice(mac: string): Promise<string> {
  try {
    const existing = await readStoredDevice();
    if (existing) return existing;
    await (await database()).add('device', { mac });
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
