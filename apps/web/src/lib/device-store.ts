import Dexie, { type EntityTable } from 'dexie';

/** One row of the seed spec's device store (§3): auto id and the device address. */
export interface DeviceRecord {
  id?: number;
  mac: string;
}

/** IndexedDB `bizonline`, version 12, store `device` ('++id, mac'). The id is kept in the clear. */
export class DeviceDatabase extends Dexie {
  device!: EntityTable<DeviceRecord, 'id'>;
  constructor() {
    super('bizonline');
    this.version(12).stores({ device: '++id, mac' });
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
