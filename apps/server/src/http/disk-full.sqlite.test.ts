import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { type Db, migrate, openDatabase } from '../db/database.js';
import { expectLedgerConsistent } from '../test/ledger-check.js';
import { type Shop, buildShop, postSale, saleId, sellingCounts } from '../test/sales-factories.js';
import { TestClock, testConfig } from '../test/test-app.js';

// A full disk, for real: SQLite's max_page_count stops the database growing, and SQLite answers
// SQLITE_FULL exactly as it does when the disk has no room left.
describe('a full disk while serving', () => {
  let db: Db;
  let app: FastifyInstance;
  let s: Shop;
  const logged: string[] = [];

  beforeAll(async () => {
    db = openDatabase({});
    await migrate(db);
    app = await buildApp({
      deps: { db, config: testConfig(), clock: new TestClock(), version: 'test' },
      logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
      webRoot: '',
    });
    await app.ready();
    s = await buildShop(app);
  });
  afterAll(() => app.close());

  const sale = (id = saleId()) =>
    postSale(app, s.admin, {
      id,
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      tendered: 18_000,
    });
  const storage = async () =>
    (await app.inject({ url: '/api/storage/status', headers: { cookie: s.admin } })).json<{
      disk_full_since: string | null;
    }>();

  it('answers 507 disk_full, logs the real cause, shows it, and recovers by itself once there is room', async () => {
    expect((await sale()).statusCode).toBe(201);
    expect((await storage()).disk_full_since).toBeNull();
    const counts = await sellingCounts(db);

    db.sqlite!.pragma(`max_page_count = ${Number(db.sqlite!.pragma('page_count', { simple: true }))}`);
    let refused: { res: LightMyRequestResponse; id: string } | undefined;
    const tried: string[] = [];
    for (let i = 0; i < 200 && !refused; i++) {
      const id = saleId();
      const res = await sale(id);
      if (res.statusCode !== 201) refused = { res, id };
      else tried.push(id);
    }
    if (!refused) throw new Error('the database never filled up');
    const { res, id } = refused;
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({
      error: { code: 'disk_full', message: "The shop computer's disk is full" },
    });
    const log = logged.join('\n');
    expect(log).toMatch(/SQLITE_FULL|database or disk is full/);
    expect(log).not.toContain('cannot rollback');
    expect((await storage()).disk_full_since).not.toBeNull();
    // Nothing of the refused sale was kept: the other sales and their stock are whole.
    await expectLedgerConsistent(db);
    expect((await app.inject({ url: `/api/sales/${id}`, headers: { cookie: s.admin } })).statusCode).toBe(
      404,
    );
    expect((await sellingCounts(db)).sales).toBe(counts.sales! + tried.length);

    // Space freed: the same sale goes through, and the notice clears without a restart.
    db.sqlite!.pragma('max_page_count = 1073741823');
    expect((await sale(id)).statusCode).toBe(201);
    expect((await storage()).disk_full_since).toBeNull();
    await expectLedgerConsistent(db);
  });
});
