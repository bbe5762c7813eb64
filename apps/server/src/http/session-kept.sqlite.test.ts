import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { SessionData } from '@duka/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../db/database.js';
import { groupDriverOf } from '../db/group-commit.js';
import { ME_TABLES, sessionReads } from '../modules/auth/session-data.js';
import { hashToken } from '../lib/session-tokens.js';
import { ADMIN_PASSWORD, buildBusiness, buildUser, signIn } from '../test/factories.js';
import { postSale, sold, stock } from '../test/sales-factories.js';
import { buildLocation, buildProduct, buildSupplier, newDocId } from '../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../test/test-app.js';
import { SESSION_COOKIE } from './access.js';
import { SESSION_TABLES, sessionRows } from './session-lookup.js';

/**
 * A signed-in request's session is kept between writes on the shop's SQLite (db/group-commit.ts,
 * `keptRead`): what another process writes to the file (the CLI revoking sessions, renaming a
 * user) and what this server writes must both reach the very next request.
 */
describe('the session kept between writes (SQLite file)', () => {
  let dir: string;
  let file: string;
  let t: TestApp;
  let cookie: string;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-kept-'));
    file = path.join(dir, 'duka.sqlite');
    const db = openDatabase({ sqliteFile: file });
    await migrate(db);
    t = await buildTestApp({}, { db, dispose: () => db.close() });
    await buildBusiness(t.app);
    cookie = (await signIn(t.app, 'owner', ADMIN_PASSWORD)).cookie;
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const me = () => t.app.inject({ url: '/api/me', headers: { cookie } });
  /** Another process's write: its own connection to the file, as the CLI has. */
  const elsewhere = async (sqlText: string) => {
    await new Promise((r) => setImmediate(r)); // this server's group has committed
    const cli = new SQLite(file, { timeout: 0 });
    try {
      cli.prepare(sqlText).run();
    } finally {
      cli.close();
    }
  };

  it('sees a user renamed by another process at the next request', async () => {
    expect((await me()).json<SessionData>().user.nm).not.toBe('Renamed elsewhere');
    expect((await me()).statusCode).toBe(200);
    await elsewhere("update users set name = 'Renamed elsewhere' where username = 'owner'");
    expect((await me()).json<SessionData>().user.nm).toBe('Renamed elsewhere');
  });

  it('refuses a session revoked by another process at the next request', async () => {
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    await elsewhere(`update sessions set revoked_at = '2026-01-01T00:00:00.000Z'`);
    expect((await me()).statusCode).toBe(401);
  });

  it("keeps /api/me's counts per role: a user read before a change of role gets the counts of that role", async () => {
    const shop = await buildLocation(t.app, cookie, 'Back store');
    const count = await t.app.inject({
      method: 'POST',
      url: '/api/stock-counts',
      headers: { cookie },
      payload: { id: newDocId(), location_id: shop.id, freeze_sales: true },
    });
    expect(count.statusCode).toBe(201);
    const staff = await buildUser(t.app, cookie, { username: 'roles' });
    const user = { id: staff.id, business_id: (await me()).json<SessionData>().business.id } as const;
    // the same user, as a request read it before and after an admin made them admin: no write
    // in between here, as when the change came between the session's read and the handler's
    const asStaff = await sessionReads(t.db.kysely, { ...user, role: 'staff' } as never);
    const asAdmin = await sessionReads(t.db.kysely, { ...user, role: 'admin' } as never);
    expect(asStaff.stockTaking.open_counts).toEqual([]);
    expect(asAdmin.stockTaking.frozen_location_ids).toEqual([shop.id]);
  });

  /** The business's first location with ten of a product in stock. */
  const breadInStock = async () => {
    const shop = (await t.app.inject({ url: '/api/locations', headers: { cookie } })).json<
      { id: string }[]
    >()[0]!;
    const bread = await buildProduct(t.app, cookie, { name: 'Bread', code: 'BRD', price: 6_500 });
    const supplier = await buildSupplier(t.app, cookie);
    await stock(t.app, cookie, supplier.id, shop.id, [
      { product: bread, quantity: 10_000, unit_cost: 5_000 },
    ]);
    return { shop, bread };
  };

  /** The tables named anywhere in the statements `during` runs (`TableChanges.tablesIn`). */
  const tablesRead = async (during: () => Promise<unknown>) => {
    const driver = groupDriverOf(t.db.kysely)!;
    driver.kept.clear();
    const texts: string[] = [];
    driver.trace = (text) => texts.push(text);
    try {
      await during();
    } finally {
      driver.trace = undefined;
    }
    expect(texts.length).toBeGreaterThan(0);
    return new Set(texts.flatMap((text) => driver.tablesIn(text) ?? []));
  };

  it('keeps each read for exactly the tables its statements read', async () => {
    const token = decodeURIComponent(/duka_session=([^;]+)/.exec(cookie)![1]!);
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    const session = await tablesRead(() => sessionRows(t.db.kysely, 'sqlite', hashToken(token)));
    expect([...session].sort()).toEqual([...SESSION_TABLES].sort());
    const data = (await me()).json<SessionData>();
    const reads = await tablesRead(() =>
      sessionReads(t.db.kysely, { id: data.user.uid, business_id: data.business.id, role: 'staff' } as never),
    );
    expect([...reads].sort()).toEqual([...ME_TABLES].sort());
  });

  it('keeps the session through a sale, and reads it again after a change to the user made here', async () => {
    const headers = { cookie };
    const { shop, bread } = await breadInStock();
    expect((await t.app.inject({ url: '/api/me', headers })).statusCode).toBe(200);
    await sold(t.app, cookie, {
      kind: 'cash',
      location_id: shop.id,
      lines: [{ product_id: bread.id, quantity: 1000 }],
      tendered: 10_000,
    });
    const driver = groupDriverOf(t.db.kysely)!;
    const texts: string[] = [];
    driver.trace = (text) => texts.push(text);
    try {
      expect((await t.app.inject({ url: '/api/me', headers })).statusCode).toBe(200);
      expect(texts.filter((text) => text.includes('"token_hash"'))).toEqual([]);
      const mine = (await t.app.inject({ url: '/api/me', headers })).json<SessionData>().user;
      const renamed = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${mine.uid}`,
        headers,
        payload: { name: 'Renamed here' },
      });
      expect(renamed.statusCode).toBe(200);
      texts.length = 0;
      expect((await t.app.inject({ url: '/api/me', headers })).json<SessionData>().user.nm).toBe(
        'Renamed here',
      );
      expect(texts.filter((text) => text.includes('"token_hash"'))).toHaveLength(1);
    } finally {
      driver.trace = undefined;
    }
  });

  it("keeps a sale's reads of the settings, the location, the products and the series between sales, and sees a change to them made here", async () => {
    const headers = { cookie };
    const { shop, bread } = await breadInStock();
    const sale = () =>
      postSale(t.app, cookie, {
        kind: 'cash',
        location_id: shop.id,
        lines: [{ product_id: bread.id, quantity: 1000 }],
        tendered: 10_000,
      });
    expect((await sale()).statusCode).toBe(201);
    const driver = groupDriverOf(t.db.kysely)!;
    const texts: string[] = [];
    driver.trace = (text) => texts.push(text);
    const selects = (table: string) =>
      texts.filter((text) => text.startsWith('select') && text.includes(`from "${table}"`));
    try {
      expect((await sale()).json<{ total: number }>().total).toBe(6_500);
      expect(selects('products')).toEqual([]);
      expect(selects('locations')).toEqual([]);
      expect(selects('businesses')).toEqual([]);
      expect(texts.filter((text) => text.includes('"kept_series"'))).toEqual([]);

      const priced = await t.app.inject({
        method: 'PATCH',
        url: `/api/products/${bread.id}`,
        headers,
        payload: { price: 7_000 },
      });
      expect(priced.statusCode).toBe(200);
      texts.length = 0;
      expect((await sale()).json<{ total: number }>().total).toBe(7_000);
      expect(selects('products')).toHaveLength(1);

      const count = await t.app.inject({
        method: 'POST',
        url: '/api/stock-counts',
        headers,
        payload: { id: newDocId(), location_id: shop.id, freeze_sales: true },
      });
      expect(count.statusCode).toBe(201);
      expect((await sale()).json<{ error: { code: string } }>().error.code).toBe('sales_frozen');
    } finally {
      driver.trace = undefined;
    }
  });

  it("asks SQLite for other processes' commits once per request, and still sees them at the next", async () => {
    const driver = groupDriverOf(t.db.kysely)!;
    const dataVersion = driver.dataVersion.bind(driver);
    let asked = 0;
    driver.dataVersion = () => {
      asked += 1;
      return dataVersion();
    };
    try {
      expect((await me()).statusCode).toBe(200);
      asked = 0;
      expect((await me()).statusCode).toBe(200);
      expect(asked).toBe(1);
      await elsewhere("update users set name = 'Renamed again' where username = 'owner'");
      expect((await me()).json<SessionData>().user.nm).toBe('Renamed again');
    } finally {
      driver.dataVersion = dataVersion;
    }
  });

  it('reads data_version once for the requests that start in one turn of the event loop, again in the next', async () => {
    expect((await me()).statusCode).toBe(200);
    const probe = new SQLite(':memory:');
    const proto = Object.getPrototypeOf(probe.prepare('select 1')) as { get: (...a: unknown[]) => unknown };
    probe.close();
    const get = proto.get;
    let asked = 0;
    proto.get = function (this: { source: string }, ...args: unknown[]) {
      if (this.source === 'pragma data_version') asked += 1;
      return get.apply(this, args);
    };
    try {
      await new Promise((r) => setImmediate(r));
      const answers = await Promise.all([me(), me(), me(), me()]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(asked).toBe(1);
      await new Promise((r) => setImmediate(r));
      expect((await me()).statusCode).toBe(200);
      expect(asked).toBe(2);
    } finally {
      proto.get = get;
    }
  });

  it('refuses a session signed out here at the next request', async () => {
    expect((await me()).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });
});
