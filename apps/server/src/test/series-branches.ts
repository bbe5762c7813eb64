import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { exportBusiness, importArchive } from '../backup/archive.js';
import { migrate, openDatabase } from '../db/database.js';
import { linkOf } from '../modules/sync/link-local.js';
import { ADMIN_PASSWORD, signIn } from './factories.js';
import { type Shop, buildShop } from './sales-factories.js';
import { type SyncPair, hostedPlaceholder, link, pushAll, syncPair } from './sync-harness.js';
import { TEST_KEY_ENCRYPTION_KEY, type TestApp, buildTestApp } from './test-app.js';

/**
 * A shop linked to a hosted business, and further shop PCs of it (ADR 11 §11.2 tests): each
 * branch is the shop's archive imported into its own SQLite file, linked over real HTTP.
 */
export interface Branches {
  p: SyncPair;
  shop: Shop;
  businessId: string;
  /** Another shop PC of the business, with its owner signed in. */
  branch: (tag: string) => Promise<{ app: TestApp; cookie: string }>;
  /** Links a PC to the business; answers the series it got. */
  linkBranch: (b: TestApp) => Promise<string>;
  /** An app the caller made itself, closed with the others. */
  keep: (app: TestApp) => void;
  close: () => Promise<void>;
}

export async function branchesOfShop(tag: string): Promise<Branches> {
  const p = await syncPair();
  const shop = await buildShop(p.local.app);
  const businessId = (
    await p.local.app.inject({ url: '/api/business/profile', headers: { cookie: shop.admin } })
  ).json<{ id: string }>().id;
  await link(p, businessId, await hostedPlaceholder(p.hosted, tag));
  expect((await pushAll(p, businessId)).kind).toBe('caught_up');
  const apps: TestApp[] = [];
  return {
    p,
    shop,
    businessId,
    branch: async (name) => {
      const file = path.join(p.dir, `${name}.duka.gz`);
      await exportBusiness(p.local.db, businessId, file, new Date(), undefined, TEST_KEY_ENCRYPTION_KEY);
      const db = openDatabase({ sqliteFile: path.join(p.dir, `${name}.db`) });
      await migrate(db);
      await importArchive(db, file, TEST_KEY_ENCRYPTION_KEY);
      fs.rmSync(file);
      const app = await buildTestApp({ mode: 'local' }, { db, dispose: () => db.close() });
      apps.push(app);
      return { app, cookie: (await signIn(app.app, 'owner', ADMIN_PASSWORD)).cookie };
    },
    linkBranch: async (b) => {
      await link({ ...p, local: b }, businessId, businessId);
      return (await linkOf(b.db, businessId))!.series;
    },
    keep: (app) => void apps.push(app),
    close: async () => {
      for (const a of apps.splice(0)) await a.close();
      await p.close();
    },
  };
}
