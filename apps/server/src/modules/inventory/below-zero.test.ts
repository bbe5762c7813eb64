import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Location, Notifications } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { type Shop, buildShop, reversed, sold, stock } from '../../test/sales-factories.js';
import { buildLocation, buildProduct } from '../../test/stock-factories.js';
import { statementsOf } from '../../test/statements.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { freshDatabase } from '../../test/test-db.js';
import { exportBusiness, importArchive } from '../../backup/archive.js';
import { levelsBelowZero } from '../../db/migrations/0027-levels-below-zero.js';

/**
 * The levels below zero kept beside the levels (migration 0027, `below-zero.ts`): each write that
 * moves a level across zero adds or removes its row, and the notifications count the products
 * from those rows. `expectLedgerConsistent` holds the rows to the levels after every step.
 */
describe('the levels below zero, kept', () => {
  let t: TestApp;
  let s: Shop;
  let store: Location;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    store = await buildLocation(t.app, s.admin, 'Back store');
    const allowed = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: s.admin },
      payload: { allow_negative_stock: true },
    });
    expect(allowed.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const negative = async () =>
    (await t.app.inject({ url: '/api/notifications', headers: { cookie: s.admin } })).json<Notifications>()
      .negative_stock;
  const kept = async () =>
    (await t.db.kysely.selectFrom('stock_below_zero').select(['product_id', 'location_id']).execute())
      .map((r) => `${r.product_id}@${r.location_id}`)
      .sort();
  const cash = (location: Location, productId: string, quantity: number) =>
    sold(t.app, s.admin, {
      kind: 'cash',
      location_id: location.id,
      lines: [{ product_id: productId, quantity }],
      tendered: 10_000_000,
    });

  it('follows each level across zero, whichever write moves it', async () => {
    const tea = await buildProduct(t.app, s.admin, { name: 'Tea', code: 'TEA9' });
    // A level that starts below zero: a sale of what was never received.
    await cash(s.shop, tea.id, 2_000);
    expect(await kept()).toEqual([`${tea.id}@${s.shop.id}`]);
    expect(await negative()).toBe(1);
    // Below zero at a second location too: still one product.
    const there = await cash(store, tea.id, 1_000);
    expect(await kept()).toEqual([`${tea.id}@${s.shop.id}`, `${tea.id}@${store.id}`].sort());
    expect(await negative()).toBe(1);
    await expectLedgerConsistent(t.db);
    // Received back to zero at the shop (a stock document): its row goes, the store's stays.
    await stock(t.app, s.admin, s.supplier, s.shop.id, [{ product: tea, quantity: 2_000, unit_cost: 100 }]);
    expect(await kept()).toEqual([`${tea.id}@${store.id}`]);
    expect(await negative()).toBe(1);
    // The store's sale reversed (a reversal): back to zero, and nothing is below zero.
    await reversed(t.app, s.admin, there.id);
    expect(await kept()).toEqual([]);
    expect(await negative()).toBe(0);
    await expectLedgerConsistent(t.db);
    // A level that was above zero sold past it, then a sale that leaves it below: only the
    // crossing costs a statement here, the sale that crosses nothing none.
    const naming = (texts: string[]) => texts.filter((x) => x.includes('stock_below_zero'));
    expect(naming((await statementsOf(t.db, () => cash(s.shop, s.milk.id, 101_000))).texts)).toHaveLength(1);
    expect(naming((await statementsOf(t.db, () => cash(s.shop, s.milk.id, 1_000))).texts)).toEqual([]);
    expect(await kept()).toEqual([`${s.milk.id}@${s.shop.id}`]);
    expect(await negative()).toBe(1);
    await expectLedgerConsistent(t.db);
  });

  it('finds them again at the import of an archive made before they were kept', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-below-'));
    const file = path.join(dir, 'old.duka.gz');
    const businessId = (await t.db.kysely.selectFrom('businesses').select('id').executeTakeFirstOrThrow()).id;
    const rows = await t.db.kysely.selectFrom('stock_below_zero').selectAll().execute();
    expect(rows).toHaveLength(1);
    // as an archive of a Duka before migration 0027 would be: no rows
    await t.db.kysely.deleteFrom('stock_below_zero').execute();
    try {
      await exportBusiness(t.db, businessId, file, t.clock.now());
    } finally {
      await t.db.kysely.insertInto('stock_below_zero').values(rows).execute();
    }
    const target = await freshDatabase();
    try {
      await importArchive(target.db, file);
      expect(await target.db.kysely.selectFrom('stock_below_zero').selectAll().execute()).toEqual(rows);
      await expectLedgerConsistent(target.db);
    } finally {
      await target.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds the levels already below zero when the migration runs', async () => {
    await t.db.kysely.deleteFrom('stock_below_zero').execute();
    await t.db.kysely.schema.dropTable('stock_below_zero').execute();
    await levelsBelowZero().up(t.db.kysely);
    expect(await kept()).toEqual([`${s.milk.id}@${s.shop.id}`]);
    await expectLedgerConsistent(t.db);
  });
});
