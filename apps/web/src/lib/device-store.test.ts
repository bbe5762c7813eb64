import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The device store's module afresh (it keeps its open database) over an empty IndexedDB. */
async function freshStore() {
  vi.resetModules();
  globalThis.indexedDB = new IDBFactory();
  return import('./device-store');
}

/** Opens a raw request's result, as a test reading behind the module's back. */
function opened(req: IDBOpenDBRequest): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('open failed'));
  });
}

function all(db: IDBDatabase): Promise<{ id: number; mac: string; token?: string }[]> {
  return new Promise((resolve, reject) => {
    const req = db.transaction('device').objectStore('device').getAll();
    req.onsuccess = () => resolve(req.result as { id: number; mac: string; token?: string }[]);
    req.onerror = () => reject(req.error ?? new Error('read failed'));
  });
}

describe('the device store: IndexedDB bizonline, version 12, store device (seed spec §3)', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
  });

  it('saves the device id once, in the spec’s database, version and store, with a mac index', async () => {
    const store = await freshStore();
    expect(await store.readStoredDevice()).toBeNull();
    expect(await store.saveDevice('AABBCCDDEEFF')).toBe('AABBCCDDEEFF');
    // a second call keeps the first id
    expect(await store.saveDevice('R0011223344556677')).toBe('AABBCCDDEEFF');
    expect(await store.readStoredDevice()).toBe('AABBCCDDEEFF');

    const db = await opened(indexedDB.open('bizonline'));
    expect(db.version).toBe(12);
    const tx = db.transaction('device');
    const device = tx.objectStore('device');
    expect(device.keyPath).toBe('id');
    expect(device.autoIncrement).toBe(true);
    expect(device.index('mac').unique).toBe(false);
    expect(await all(db)).toEqual([{ id: 1, mac: 'AABBCCDDEEFF' }]);
    db.close();
  });

  it('keeps the token the server issued beside its device id, and none for an id not saved', async () => {
    const store = await freshStore();
    await store.saveDevice('AABBCCDDEEFF');
    expect(await store.readStoredDeviceToken('AABBCCDDEEFF')).toBeNull();
    await store.saveDeviceToken('AABBCCDDEEFF', 'tok-1');
    await store.saveDeviceToken('NOTSAVED0000', 'tok-2');
    expect(await store.readStoredDeviceToken('AABBCCDDEEFF')).toBe('tok-1');
    expect(await store.readStoredDeviceToken('NOTSAVED0000')).toBeNull();
    const db = await opened(indexedDB.open('bizonline'));
    expect(await all(db)).toEqual([{ id: 1, mac: 'AABBCCDDEEFF', token: 'tok-1' }]);
    db.close();
  });

  it('opens a database an earlier build made at version 120 as it is, with its device and token', async () => {
    const store = await freshStore();
    // what Dexie's version(1.2) made on a till before (Dexie multiplies by 10)
    const old = indexedDB.open('bizonline', 120);
    old.onupgradeneeded = () => {
      const device = old.result.createObjectStore('device', { keyPath: 'id', autoIncrement: true });
      device.createIndex('mac', 'mac', { unique: false });
      device.add({ mac: 'OLD000000001', token: 'old-token' });
    };
    (await opened(old)).close();

    expect(await store.readStoredDevice()).toBe('OLD000000001');
    expect(await store.readStoredDeviceToken('OLD000000001')).toBe('old-token');
    expect(await store.saveDevice('NEW000000002')).toBe('OLD000000001');
    const db = await opened(indexedDB.open('bizonline'));
    expect(db.version).toBe(120);
    db.close();
  });

  it('says a device it could not save as a DeviceStorageError, and opens again next time', async () => {
    const store = await freshStore();
    const open = vi.spyOn(indexedDB, 'open').mockImplementationOnce(() => {
      throw new DOMException('storage is off', 'InvalidStateError');
    });
    await expect(store.saveDevice('AABBCCDDEEFF')).rejects.toBeInstanceOf(store.DeviceStorageError);
    expect(await store.saveDevice('AABBCCDDEEFF')).toBe('AABBCCDDEEFF');
    expect(open).toHaveBeenCalledTimes(2);
  });
});
