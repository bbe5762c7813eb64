import type { Location, TransferList } from '@duka/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { type Shop, buildShop, postSale, sold, staffWith } from '../../test/sales-factories.js';
import { buildLocation } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

describe('transfer references and the register, by reference and by location', () => {
  let t: TestApp;
  let s: Shop;
  let cashier: string;
  let branch: Location;

  const get = async <T>(url: string, cookie = s.admin) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const send = (url: string, payload: object | undefined, cookie = s.admin) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const transferSale = (reference: string) =>
    postSale(t.app, cashier, {
      kind: 'transfer',
      location_id: s.shop.id,
      provider_id: s.mpesa.id,
      reference,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
    });

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    branch = await buildLocation(t.app, s.admin, 'Branch');
    const c = await staffWith(t.app, s.admin, ['sell_transfer', 'sell_cash', 'current_sales'], {
      name: 'Alice Cashier',
      username: 'alice',
      location_ids: [s.shop.id],
    });
    cashier = c.cookie;
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('refuses an M-Pesa code already received, whatever invisible characters it carries', async () => {
    const first = await transferSale('QK7ABC1234');
    expect(first.statusCode, first.body).toBe(201);
    // each of these reads and prints exactly as QK7ABC1234
    const variants = [
      'QK7\u200bABC1234', // zero-width space
      'QK7\u2060ABC1234', // word joiner
      'QK7\u00adABC1234', // soft hyphen
      'QK7ABC1234\u200e', // left-to-right mark (trim leaves it)
    ];
    const answers: [string, number][] = [];
    for (const v of variants) answers.push([JSON.stringify(v), (await transferSale(v)).statusCode]);
    expect(answers).toEqual(variants.map((v) => [JSON.stringify(v), 409]));
  });

  it('refuses the same code typed in full-width characters (NFKC folds it, as provider names are)', async () => {
    const first = await transferSale('QX9ZZ0001');
    expect(first.statusCode, first.body).toBe(201);
    const wide = await transferSale('ＱＸ９ＺＺ０００１');
    expect(wide.statusCode, wide.body).toBe(409);
    // and the register finds it however it is typed
    const found = await get<TransferList>('/api/transfers?q=%EF%BD%91%EF%BD%98%EF%BC%99zz');
    expect(found.items.map((i) => i.reference)).toEqual(['QX9ZZ0001']);
  });

  it('two confirmations of one transfer at once: one row, totals right', async () => {
    const sale = await sold(t.app, cashier, {
      kind: 'transfer',
      location_id: s.shop.id,
      provider_id: s.mpesa.id,
      reference: 'CONC1',
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
    });
    const list = await get<TransferList>('/api/transfers?q=CONC1');
    const id = list.items.find((i) => i.source_id === sale.id)!.id;
    const both = await Promise.all([1, 2].map(() => send(`/api/transfers/${id}/confirm`, undefined)));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(
      await t.db.kysely
        .selectFrom('transfer_confirmations')
        .select('transfer_id')
        .where('transfer_id', '=', id)
        .execute(),
    ).toHaveLength(1);
  });

  it('keeps a cashier limited to one location out of another location in the register', async () => {
    const res = await t.app.inject({
      url: `/api/transfers?location_id=${branch.id}`,
      headers: { cookie: cashier },
    });
    expect(res.statusCode).toBe(403);
    const own = await get<TransferList>('/api/transfers', cashier);
    expect(own.items.every((i) => i.location_id === s.shop.id)).toBe(true);
    const confirm = await send(`/api/transfers/${own.items[0]!.id}/confirm`, undefined, cashier);
    expect(confirm.statusCode).toBe(403);
  });
});
