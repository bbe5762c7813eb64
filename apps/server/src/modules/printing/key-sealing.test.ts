import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportBusiness, importArchive, readArchive } from '../../backup/archive.js';
import { ConfigError, loadConfig } from '../../config.js';
import { migrate, openDatabase } from '../../db/database.js';
import { systemContext } from '../../lib/context.js';
import { buildBusiness } from '../../test/factories.js';
import { freshDatabase } from '../../test/test-db.js';
import { TEST_KEY_ENCRYPTION_KEY, type TestApp, buildTestApp } from '../../test/test-app.js';
import { businessKeys, signForPrinter } from './business-keys.js';
import { KeySealError, openPrivateKey, sealPrivateKey, sealStoredKeys } from './key-sealing.js';

const OTHER_KEY = Buffer.alloc(32, 9);
const PEM = '-----BEGIN PRIVATE KEY-----';

/** Signs a text with the business key as stored, and checks it against the certificate served. */
async function signsAndVerifies(t: TestApp, cookie: string, key: Buffer | undefined): Promise<void> {
  const cert = await t.app.inject({ url: '/api/print/certificate', headers: { cookie } });
  expect(cert.statusCode, cert.body).toBe(200);
  const business = await t.db.kysely.selectFrom('businesses').select('id').executeTakeFirstOrThrow();
  const maker = await systemContext(t.db.kysely, business.id, new Date().toISOString());
  const keys = await businessKeys(t.db.kysely, maker, key);
  expect(keys.private_key.startsWith(PEM)).toBe(true);
  const signature = signForPrinter(keys.private_key, 'a qz-tray call', 'SHA512');
  const publicKey = new crypto.X509Certificate(cert.body).publicKey;
  expect(
    crypto.verify('sha512', Buffer.from('a qz-tray call'), publicKey, Buffer.from(signature, 'base64')),
  ).toBe(true);
}

const storedKey = async (t: TestApp) =>
  (
    await t.db.kysely
      .selectFrom('business_keys')
      .select(['business_id', 'private_key'])
      .executeTakeFirstOrThrow()
  ).private_key;

describe('the printing private key is encrypted at rest with KEY_ENCRYPTION_KEY', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp(); // testConfig carries a KEY_ENCRYPTION_KEY
    admin = (await buildBusiness(t.app)).cookie;
  });
  afterAll(() => t.close());

  it('stores the key sealed (not PEM), and signing with it still verifies', async () => {
    await signsAndVerifies(t, admin, TEST_KEY_ENCRYPTION_KEY);
    const stored = await storedKey(t);
    expect(stored).toMatch(/^enc:v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain('PRIVATE KEY');
  });

  it('a server with another key, or none, refuses clearly: at start, and at the printing routes (503)', async () => {
    await expect(sealStoredKeys(t.db.kysely, OTHER_KEY)).rejects.toThrow(KeySealError);
    await expect(sealStoredKeys(t.db.kysely, OTHER_KEY)).rejects.toThrow(
      /not the key they were encrypted with/,
    );
    await expect(sealStoredKeys(t.db.kysely, undefined)).rejects.toThrow(/set KEY_ENCRYPTION_KEY/);
    for (const key of [OTHER_KEY, undefined]) {
      const wrong = await buildTestApp(
        { keyEncryptionKey: key },
        { db: t.db, dispose: () => Promise.resolve() },
      );
      try {
        const res = await wrong.app.inject({ url: '/api/print/certificate', headers: { cookie: admin } });
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json().error.code).toBe('printing_key_unavailable');
        expect(res.json().error.message).toMatch(/KEY_ENCRYPTION_KEY/);
      } finally {
        // Not closed: an app closes its database, and this one shares the first app's.
      }
    }
  });

  it('a sealed key moved to another business row does not open (the business id is bound in)', async () => {
    const stored = await storedKey(t);
    const business = await t.db.kysely.selectFrom('businesses').select('id').executeTakeFirstOrThrow();
    expect(openPrivateKey(stored, TEST_KEY_ENCRYPTION_KEY, business.id).startsWith(PEM)).toBe(true);
    expect(() => openPrivateKey(stored, TEST_KEY_ENCRYPTION_KEY, crypto.randomUUID())).toThrow(KeySealError);
    const resealed = sealPrivateKey(PEM, TEST_KEY_ENCRYPTION_KEY, business.id);
    expect(resealed).not.toBe(sealPrivateKey(PEM, TEST_KEY_ENCRYPTION_KEY, business.id)); // a fresh IV each time
  });
});

describe('plain keys of a server without KEY_ENCRYPTION_KEY', () => {
  it('stay PEM without a key, are sealed at start once a key is set, and sign as before', async () => {
    const plain = await buildTestApp({ keyEncryptionKey: undefined });
    try {
      const admin = (await buildBusiness(plain.app)).cookie;
      await signsAndVerifies(plain, admin, undefined);
      expect((await storedKey(plain)).startsWith(PEM)).toBe(true);
      expect(await sealStoredKeys(plain.db.kysely, undefined)).toBe(0);
      expect(await sealStoredKeys(plain.db.kysely, TEST_KEY_ENCRYPTION_KEY)).toBe(1);
      expect(await storedKey(plain)).toMatch(/^enc:v1:/);
      expect(await sealStoredKeys(plain.db.kysely, TEST_KEY_ENCRYPTION_KEY)).toBe(0);
      const keyed = await buildTestApp({}, { db: plain.db, dispose: () => Promise.resolve() });
      try {
        await signsAndVerifies(keyed, admin, TEST_KEY_ENCRYPTION_KEY);
      } finally {
        // Not closed: it shares the database of `plain`, which closes it.
      }
    } finally {
      await plain.close();
    }
  });

  it('a plain key met on first use by a server with a key is sealed then', async () => {
    const plain = await buildTestApp({ keyEncryptionKey: undefined });
    try {
      const admin = (await buildBusiness(plain.app)).cookie;
      await signsAndVerifies(plain, admin, undefined);
      const keyed = await buildTestApp({}, { db: plain.db, dispose: () => Promise.resolve() });
      try {
        await signsAndVerifies(keyed, admin, TEST_KEY_ENCRYPTION_KEY);
        expect(await storedKey(plain)).toMatch(/^enc:v1:/);
      } finally {
        // Not closed: it shares the database of `plain`, which closes it.
      }
    } finally {
      await plain.close();
    }
  });
});

describe('moving a business keeps its printing key usable', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-keys-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a local server (SQLite, no key) exports the key as PEM; the hosted server seals it with its own key', async () => {
    const db = openDatabase({});
    await migrate(db);
    const local = await buildTestApp({ keyEncryptionKey: undefined }, { db, dispose: () => db.close() });
    const target = await freshDatabase(); // SQLite or PostgreSQL, as the project runs
    try {
      const admin = (await buildBusiness(local.app)).cookie;
      const cert = (await local.app.inject({ url: '/api/print/certificate', headers: { cookie: admin } }))
        .body;
      const id = (await db.kysely.selectFrom('businesses').select('id').executeTakeFirstOrThrow()).id;
      const file = path.join(dir, 'shop.duka.gz');
      await exportBusiness(db, id, file, new Date());
      const archived = (await readArchive(file)).tables.get('business_keys')!;
      expect(archived).toHaveLength(1);
      expect(String(archived[0]!.private_key).startsWith(PEM)).toBe(true);

      await importArchive(target.db, file, OTHER_KEY);
      const hosted = await buildTestApp(
        { keyEncryptionKey: OTHER_KEY, mode: 'hosted' },
        { db: target.db, dispose: () => Promise.resolve() },
      );
      try {
        expect(await storedKey(hosted)).toMatch(/^enc:v1:/);
        await expect(sealStoredKeys(target.db.kysely, OTHER_KEY)).resolves.toBe(0);
        const signIn = await hosted.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { login: 'owner', password: 'owner-pass-1' },
        });
        expect(signIn.statusCode, signIn.body).toBe(200);
        const cookie = signIn.headers['set-cookie']!.toString().split(';')[0]!;
        await signsAndVerifies(hosted, cookie, OTHER_KEY);
        const again = await hosted.app.inject({ url: '/api/print/certificate', headers: { cookie } });
        expect(again.body).toBe(cert); // the same key pair, so a paired printer helper still trusts it
      } finally {
        // Not closed: it shares target's database, disposed below.
      }

      // A sealed key is exported opened too: a hosted server's archive imports where its key is unknown.
      const back = path.join(dir, 'back.duka.gz');
      await exportBusiness(target.db, id, back, new Date(), undefined, OTHER_KEY);
      const reopened = (await readArchive(back)).tables.get('business_keys')!;
      expect(reopened[0]!.private_key).toBe(archived[0]!.private_key);
      await expect(exportBusiness(target.db, id, path.join(dir, 'x.gz'), new Date())).rejects.toThrow(
        /set KEY_ENCRYPTION_KEY/,
      );
    } finally {
      await local.close();
      await target.dispose();
    }
  });
});

describe('KEY_ENCRYPTION_KEY in the configuration', () => {
  const hex = 'ab'.repeat(32);
  const base64 = crypto.randomBytes(32).toString('base64');

  it('is required on a hosted server, with a message saying how to make one', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y' })).toThrow(
      /KEY_ENCRYPTION_KEY.*openssl rand -base64 32/s,
    );
    expect(
      loadConfig({ DATABASE_URL: 'postgres://x/y', KEY_ENCRYPTION_KEY: base64 }).keyEncryptionKey,
    ).toEqual(Buffer.from(base64, 'base64'));
  });

  it('is optional on a local server; 64 hex digits or 32 bytes of base64; anything else is refused unseen', () => {
    expect(loadConfig({}).keyEncryptionKey).toBeUndefined();
    expect(loadConfig({ KEY_ENCRYPTION_KEY: hex }).keyEncryptionKey).toEqual(Buffer.from(hex, 'hex'));
    for (const bad of ['short', crypto.randomBytes(16).toString('base64'), 'zz'.repeat(32)]) {
      let message = '';
      try {
        loadConfig({ KEY_ENCRYPTION_KEY: bad });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/KEY_ENCRYPTION_KEY=\(not shown\): must be 32 bytes/);
      expect(message).not.toContain(bad);
    }
  });
});
