import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Notifications } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStatus } from '../../backup/backup-status.js';
import { v7 } from 'uuid';
import { type Shop, buildShop, paid, reversed, sold, staffWith } from '../../test/sales-factories.js';
import { buildLocation, buildProduct } from '../../test/stock-factories.js';
import { preparedName } from '../../db/pg-prepared.js';
import { statementsOf } from '../../test/statements.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/** The notification sidebar's figures, each made to happen once and seen by the owner. */
describe('GET /api/notifications', () => {
  let t: TestApp;
  let s: Shop;
  let dataDir: string;
  const get = async (cookie = s.admin) => {
    const res = await t.app.inject({ url: '/api/notifications', headers: { cookie } });
    return { status: res.statusCode, body: res.json<Notifications>() };
  };
  const at = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-notes-'));
    t = await buildTestApp({ dataDir, sessionIdleMs: 30 * 86_400_000, sessionMaxMs: 30 * 86_400_000 });
    at('2026-06-01T07:00:00Z');
    s = await buildShop(t.app, { timezone: 'Africa/Nairobi' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says nothing needs attention in a fresh shop', async () => {
    expect((await get()).body).toEqual({
      low_stock: 0,
      negative_stock: 0,
      debtors_over_limit: 0,
      duplicate_references: 0,
      unconfirmed_transfers: 0,
      days_not_closed: [],
      days_changed_after_close: [],
      backup_failing: null,
      devices_waiting: 0,
      replaced_values: 0,
    });
  });

  it('is for the admin', async () => {
    const staff = await staffWith(t.app, s.admin, ['sell_cash', 'manage_stock']);
    expect((await get(staff.cookie)).status).toBe(403);
  });

  it('counts what needs attention, each once', async () => {
    // Low: a product with a reorder level and nothing held.
    await buildProduct(t.app, s.admin, { name: 'Salt', code: 'SALT1', reorder_level: 2_000 });
    // Negative: more sold than held, where the business allows it.
    await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: s.admin },
      payload: { allow_negative_stock: true, require_approved_devices: true },
    });
    const tea = await buildProduct(t.app, s.admin, { name: 'Tea', code: 'TEA1' });
    await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: tea.id, quantity: 1_000 }],
      tendered: 100_000,
    });
    // Over the limit: a credit sale, then the limit cut to nothing while it is owed (as a merge of
    // two branches' credit sales can leave it): a limit of 0 is no credit, so any debt is over it,
    // as the debtors list's filter and the dashboard count it.
    await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: s.debtor.id,
      lines: [{ product_id: s.bread.id, quantity: 1_000 }],
    });
    const lowered = await t.app.inject({
      method: 'PATCH',
      url: `/api/debtors/${s.debtor.id}`,
      headers: { cookie: s.admin },
      payload: { credit_limit: 0 },
    });
    expect(lowered.statusCode).toBe(200);
    // A transfer on 1 June, then one on 2 June: only the first is a day old on 2 June at noon.
    const transfer = (reference: string) =>
      sold(t.app, s.admin, {
        kind: 'transfer',
        location_id: s.shop.id,
        provider_id: s.mpesa.id,
        reference,
        lines: [{ product_id: s.bread.id, quantity: 1_000 }],
      });
    await transfer('QA1OLD');
    at('2026-06-02T09:00:00Z');
    await transfer('QA2NEW');
    // A till seen at a sign-in, waiting for approval.
    const business = await t.db.kysely.selectFrom('businesses').select('id').executeTakeFirstOrThrow();
    const seen = t.clock.now().toISOString();
    await t.db.kysely
      .insertInto('devices')
      .values({
        business_id: business.id,
        id: 'NEWTILL01',
        name: '',
        status: 'pending',
        first_seen_at: seen,
        last_seen_at: seen,
        last_user_id: null,
        created_at: seen,
        updated_at: seen,
        token_hash: null,
      })
      .execute();
    // The last backup failed after the last good one.
    writeStatus(dataDir, {
      last_seq: 1,
      last_good: { file: 'a.sqlite', at: '2026-06-02T08:00:00Z', size: 1 },
      // written before failures had codes: worded as a failure, never with the file system's English
      last_error: { at: '2026-06-02T08:05:00Z', message: 'ENOSPC: no space left on device' },
      last_attempt_at: '2026-06-02T08:05:00Z',
    });
    at('2026-06-02T12:00:00Z');

    const { status, body } = await get();
    expect(status).toBe(200);
    expect(body).toEqual({
      low_stock: 1,
      negative_stock: 1,
      debtors_over_limit: 1,
      duplicate_references: 0,
      unconfirmed_transfers: 1,
      // 1 June had sales at the Main shop and was not closed; 2 June is today.
      days_not_closed: [{ day: '2026-06-01', location_id: s.shop.id, location_name: s.shop.name }],
      days_changed_after_close: [],
      // Backups are the local (SQLite) server's; PostgreSQL is backed up by its operator.
      backup_failing: t.db.dialect === 'sqlite' ? { at: '2026-06-02T08:05:00Z', code: 'failed' } : null,
      devices_waiting: 1,
      replaced_values: 0,
    });
  });

  it('asks in three statements (the counts, low stock among them, in one; on PostgreSQL the days too), each prepared once per connection on PostgreSQL', async () => {
    const { texts, result } = await statementsOf(t.db, () => get());
    expect(result.status).toBe(200);
    const reads = texts.filter((text) => !/"sessions"/.test(text));
    // the counts, the days not closed, the closed days changed since (on PostgreSQL JSON arrays
    // of the counts' statement)
    expect(reads).toHaveLength(t.db.dialect === 'postgres' ? 1 : 3);
    expect(reads.filter((text) => /"products"/.test(text))).toHaveLength(1); // low stock, counted
    if (t.db.dialect === 'postgres') for (const text of reads) expect(preparedName(text), text).toBeDefined();
    // pending tills count only while the business lets approved ones in alone
    expect(result.body.devices_waiting).toBe(1);
    const open = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: s.admin },
      payload: { require_approved_devices: false },
    });
    expect(open.statusCode, open.body).toBe(200);
    expect((await get()).body.devices_waiting).toBe(0);
  });

  it('does not count a day with only a reversal as a day with sales', async () => {
    const tea = await t.db.kysely
      .selectFrom('sales')
      .select('id')
      .where('business_day', '=', '2026-06-01')
      .where('kind', '=', 'cash')
      .executeTakeFirstOrThrow();
    at('2026-06-03T09:00:00Z');
    await reversed(t.app, s.admin, tea.id, { lines: [{ line_no: 1, quantity: 1_000 }] });
    at('2026-06-04T09:00:00Z');
    expect((await get()).body.days_not_closed.map((d) => d.day)).toEqual(['2026-06-02', '2026-06-01']);
  });

  it("lists a day's locations not closed by name, the latest day first", async () => {
    const kiosk = await buildLocation(t.app, s.admin, 'A kiosk'); // made after the Main shop: a later id
    at('2026-06-04T10:00:00Z');
    for (const location of [s.shop.id, kiosk.id])
      await sold(t.app, s.admin, {
        kind: 'cash',
        location_id: location,
        lines: [{ product_id: s.milk.id, quantity: 1_000 }],
        tendered: 100_000,
      });
    at('2026-06-05T09:00:00Z');
    const days = (await get()).body.days_not_closed;
    expect(days.map((d) => [d.day, d.location_name])).toEqual([
      ['2026-06-04', 'A kiosk'],
      ['2026-06-04', s.shop.name],
      ['2026-06-02', s.shop.name],
      ['2026-06-01', s.shop.name],
    ]);
  });

  it('names a closed day whose drawer should now hold other cash than at its close, today included', async () => {
    at('2026-06-06T08:00:00Z');
    const category = await t.app.inject({
      method: 'POST',
      url: '/api/expense-categories',
      headers: { cookie: s.admin },
      payload: { name: 'Supplies' },
    });
    expect(category.statusCode, category.body).toBe(201);
    const cashSale = () =>
      sold(t.app, s.admin, {
        kind: 'cash',
        location_id: s.shop.id,
        lines: [{ product_id: s.milk.id, quantity: 1_000 }],
        tendered: 100_000,
      });
    const first = await cashSale();
    const close = await t.app.inject({
      method: 'POST',
      url: '/api/daily-sales/close',
      headers: { cookie: s.admin },
      payload: { id: v7(), location_id: s.shop.id, day: '2026-06-06', counted_cash: first.total },
    });
    expect(close.statusCode, close.body).toBe(201);
    const changed = async () => (await get()).body.days_changed_after_close;
    expect(await changed()).toEqual([]);
    // a sale by transfer after the close: no cash, the drawer is as closed
    await sold(t.app, s.admin, {
      kind: 'transfer',
      location_id: s.shop.id,
      provider_id: s.mpesa.id,
      reference: 'QA6AFTER',
      lines: [{ product_id: s.milk.id, quantity: 1_000 }],
    });
    expect(await changed()).toEqual([]);
    // a cash sale after the close: the drawer should hold more than was counted
    const late = await cashSale();
    expect(await changed()).toEqual([
      { day: '2026-06-06', location_id: s.shop.id, location_name: s.shop.name },
    ]);
    // and a cash expense of as much brings it back to the close's figure
    const spent = await t.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { cookie: s.admin },
      payload: {
        id: v7(),
        date: '2026-06-06',
        category_id: category.json<{ id: string }>().id,
        amount: late.total,
        method: 'cash',
        location_id: s.shop.id,
      },
    });
    expect(spent.statusCode, spent.body).toBe(201);
    expect(await changed()).toEqual([]);
    // a debtor's cash paid into the drawer the same day moves it again, and is seen the next day
    await paid(t.app, s.admin, s.debtor.id, { amount: 100, method: 'cash', location_id: s.shop.id });
    at('2026-06-07T09:00:00Z');
    expect(await changed()).toEqual([
      { day: '2026-06-06', location_id: s.shop.id, location_name: s.shop.name },
    ]);
  });
});
