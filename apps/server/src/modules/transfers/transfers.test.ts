import type { Provider, Transfer, TransferList } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, STAFF_PASSWORD, signIn } from '../../test/factories.js';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import {
  type Shop,
  buildShop,
  countRows,
  paid,
  payDebtor,
  postSale,
  reversed,
  sellingCounts,
  sold,
  staffWith,
} from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

describe('transfers register', () => {
  let t: TestApp;
  let s: Shop;
  let cashier: string;
  let airtel: Provider;
  const get = async <T>(url: string, cookie = s.admin) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const send = (method: 'POST' | 'PATCH', url: string, payload?: object, cookie = s.admin) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const list = (query = '') => get<TransferList>(`/api/transfers${query}`);
  const refs = (l: TransferList) => l.items.map((i) => i.reference).sort();
  const transferSale = (reference: string, providerId: string, cookie = cashier, quantity = 2000) =>
    sold(t.app, cookie, {
      kind: 'transfer',
      location_id: s.shop.id,
      provider_id: providerId,
      reference,
      lines: [{ product_id: s.bread.id, quantity }],
    });

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    cashier = (
      await staffWith(t.app, s.admin, ['sell_transfer', 'sell_debtors', 'current_sales'], {
        name: 'Wanjiku Kamau',
        username: 'wanjiku',
        location_ids: [s.shop.id],
      })
    ).cookie;
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('lets only the admin add, rename and deactivate providers', async () => {
    expect((await send('POST', '/api/payment-providers', { name: 'Sneaky Pay' }, cashier)).statusCode).toBe(
      403,
    );
    expect(
      (await send('PATCH', `/api/payment-providers/${s.mpesa.id}`, { active: false }, cashier)).statusCode,
    ).toBe(403);
    const created = await send('POST', '/api/payment-providers', { name: 'Airtel', kind: 'mobile_money' });
    expect(created.statusCode).toBe(201);
    airtel = created.json<Provider>();
    expect(airtel).toMatchObject({ name: 'Airtel', kind: 'mobile_money', active: true });
    const dup = await send('POST', '/api/payment-providers', { name: 'm-pesa' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.field).toBe('name');
    const renamed = await send('PATCH', `/api/payment-providers/${airtel.id}`, { name: 'Airtel Money' });
    expect(renamed.json<Provider>()).toMatchObject({ id: airtel.id, name: 'Airtel Money' });
    expect((await send('PATCH', `/api/payment-providers/${airtel.id}`, { name: 'M-PESA' })).statusCode).toBe(
      409,
    );
    expect((await send('PATCH', `/api/payment-providers/${v7()}`, { name: 'Ghost' })).statusCode).toBe(404);
    const bank = (
      await send('POST', '/api/payment-providers', { name: 'Equity Bank', kind: 'bank' })
    ).json<Provider>();
    const off = await send('PATCH', `/api/payment-providers/${bank.id}`, { active: false });
    expect(off.json<Provider>()).toMatchObject({ name: 'Equity Bank', kind: 'bank', active: false });
    const seen = await get<Provider[]>('/api/payment-providers', cashier);
    expect(seen.map((p) => [p.name, p.active])).toEqual([
      ['Airtel Money', true],
      ['Bank transfer', true],
      ['Equity Bank', false],
      ['M-Pesa', true],
    ]);

    const before = await sellingCounts(t.db);
    const sale = await postSale(t.app, cashier, {
      kind: 'transfer',
      location_id: s.shop.id,
      provider_id: bank.id,
      reference: 'EQ1',
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
    });
    expect(sale.statusCode).toBe(422);
    expect(sale.json().error).toMatchObject({ code: 'validation_failed', field: 'provider_id' });
    await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: s.debtor.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
    });
    const afterCredit = await sellingCounts(t.db);
    const payment = await payDebtor(t.app, cashier, s.debtor.id, {
      amount: 1_000,
      method: 'transfer',
      location_id: s.shop.id,
      provider_id: bank.id,
      reference: 'EQ2',
    });
    expect(payment.statusCode).toBe(422);
    expect(payment.json().error.field).toBe('provider_id');
    expect(await sellingCounts(t.db)).toEqual(afterCredit);
    expect(afterCredit.transfers).toBe(before.transfers);
  });

  it('lists transfer sales, debtor payments by transfer and refunds with who, what and when', async () => {
    const sale = await transferSale('qa1', s.mpesa.id); // 13,000
    const pay = await paid(t.app, cashier, s.debtor.id, {
      amount: 5_000,
      method: 'transfer',
      location_id: s.shop.id,
      provider_id: s.mpesa.id,
      reference: 'QB2',
    });
    const rev = await reversed(t.app, cashier, sale.id, {
      lines: [{ line_no: 1, quantity: 1000 }],
      reference: 'QC3',
    });
    const all = await list();
    const at = t.clock.now().toISOString();
    const common = {
      provider_id: s.mpesa.id,
      provider_name: 'M-Pesa',
      location_id: s.shop.id,
      location_name: 'Main shop',
      user_name: 'Wanjiku Kamau',
      business_day: sale.business_day,
      created_at: at,
      confirmed_at: null,
      confirmed_by_name: null,
    };
    const byRef = (r: string) => all.items.find((i) => i.reference === r);
    expect(byRef('QA1')).toEqual({
      ...common,
      id: expect.any(String),
      source: 'sale',
      source_id: sale.id,
      receipt_no: sale.receipt_no,
      reference: 'QA1',
      amount: 13_000,
    });
    expect(byRef('QB2')).toMatchObject({
      ...common,
      source: 'debtor_payment',
      source_id: pay.id,
      amount: 5_000,
    });
    expect(byRef('QB2')!.receipt_no).toBe(pay.receipt_no);
    expect(byRef('QC3')).toMatchObject({ ...common, source: 'reversal', source_id: rev.id, amount: -6_500 });
    expect(byRef('QC3')!.receipt_no).toBe(rev.receipt_no);
    expect(all.total_count).toBe(3);
    expect(all.unconfirmed).toEqual({ count: 3, amount: 13_000 + 5_000 - 6_500 });
    expect(all.confirmed).toEqual({ count: 0, amount: 0 });
    const again = await postSale(t.app, cashier, {
      kind: 'transfer',
      location_id: s.shop.id,
      provider_id: s.mpesa.id,
      reference: 'QA1',
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'reference_used',
      params: { receipt_no: sale.receipt_no },
    });
  });

  it('filters by status, provider, source, reference or receipt number, and days', async () => {
    const other = await transferSale('QD4', airtel.id, cashier, 1000); // 6,500
    const day1 = other.business_day;
    expect(refs(await list(`?provider_id=${airtel.id}`))).toEqual(['QD4']);
    expect(refs(await list(`?provider_id=${s.mpesa.id}`))).toEqual(['QA1', 'QB2', 'QC3']);
    expect(refs(await list('?source=sale'))).toEqual(['QA1', 'QD4']);
    expect(refs(await list('?source=debtor_payment'))).toEqual(['QB2']);
    expect(refs(await list('?source=reversal'))).toEqual(['QC3']);
    expect(refs(await list('?q=qb'))).toEqual(['QB2']);
    expect(refs(await list('?q=Q'))).toEqual(['QA1', 'QB2', 'QC3', 'QD4']);
    for (const typed of [other.receipt_no, `%23${other.receipt_no}`, String(Number(other.receipt_no))])
      expect(refs(await list(`?q=${typed}`)), typed).toEqual(['QD4']);
    expect(refs(await list('?status=unconfirmed'))).toEqual(['QA1', 'QB2', 'QC3', 'QD4']);
    expect((await list('?status=confirmed')).items).toEqual([]);

    t.clock.advance(24 * 3600_000);
    s.admin = (await signIn(t.app, 'owner', ADMIN_PASSWORD)).cookie;
    cashier = (await signIn(t.app, 'wanjiku', STAFF_PASSWORD)).cookie;
    const later = await transferSale('QE5', s.mpesa.id);
    expect(later.business_day > day1).toBe(true);
    expect(refs(await list(`?from=${later.business_day}`))).toEqual(['QE5']);
    expect(refs(await list(`?to=${day1}`))).toEqual(['QA1', 'QB2', 'QC3', 'QD4']);
    expect(refs(await list(`?from=${day1}&to=${day1}&source=sale`))).toEqual(['QA1', 'QD4']);
    const twoDays = await list(`?from=${day1}&to=${later.business_day}`);
    expect(twoDays.unconfirmed).toEqual({ count: 5, amount: 13_000 + 5_000 - 6_500 + 6_500 + 13_000 });
    const bad = await t.app.inject({ url: '/api/transfers?from=2024-02-30', headers: { cookie: s.admin } });
    expect(bad.statusCode).toBe(422);
  });

  it('lets the admin confirm a transfer once, moving the totals', async () => {
    const all = await list();
    const target = all.items.find((i) => i.reference === 'QA1')!;
    expect((await send('POST', `/api/transfers/${target.id}/confirm`, undefined, cashier)).statusCode).toBe(
      403,
    );
    const first = await send('POST', `/api/transfers/${target.id}/confirm`);
    expect(first.statusCode).toBe(200);
    const confirmed = first.json<Transfer>();
    expect(confirmed).toMatchObject({
      id: target.id,
      confirmed_at: t.clock.now().toISOString(),
      confirmed_by_name: 'owner',
    });
    t.clock.advance(60_000);
    const second = await send('POST', `/api/transfers/${target.id}/confirm`);
    expect(second.statusCode).toBe(200);
    expect(second.json<Transfer>()).toEqual(confirmed);
    expect(await countRows(t.db, 'transfer_confirmations')).toBe(1);
    const journal = await t.db.kysely
      .selectFrom('journal')
      .select('id')
      .where('action', '=', 'transfer.confirm')
      .execute();
    expect(journal).toHaveLength(1);

    const after = await list();
    expect(after.confirmed).toEqual({ count: 1, amount: 13_000 });
    expect(after.unconfirmed).toEqual({
      count: all.unconfirmed.count - 1,
      amount: all.unconfirmed.amount - 13_000,
    });
    expect(refs(await list('?status=confirmed'))).toEqual(['QA1']);
    expect(refs(await list('?status=unconfirmed'))).not.toContain('QA1');
    const refund = all.items.find((i) => i.reference === 'QC3')!;
    await send('POST', `/api/transfers/${refund.id}/confirm`);
    expect((await list('?status=confirmed')).confirmed).toEqual({ count: 2, amount: 13_000 - 6_500 });
    expect((await send('POST', `/api/transfers/${v7()}/confirm`)).statusCode).toBe(404);
  });

  it('takes a reference once per provider, also when two tills send it at once', async () => {
    const before = (await list()).total_count;
    const clash = await Promise.all(
      [1, 2].map(() =>
        postSale(t.app, cashier, {
          kind: 'transfer',
          location_id: s.shop.id,
          provider_id: airtel.id,
          reference: 'QZ9',
          lines: [{ product_id: s.bread.id, quantity: 1000 }],
        }),
      ),
    );
    expect(clash.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(clash.find((r) => r.statusCode === 409)!.json().error.code).toBe('reference_used');
    expect((await list()).total_count).toBe(before + 1);
  });

  it('keeps a reference at most 60 characters as stored: 30 × ß is kept as 60 × S and found typed either way, 31 refused', async () => {
    const sale = await transferSale(`q${'ß'.repeat(29)}`, airtel.id, cashier, 1000);
    for (const typed of ['qßß', 'QSSSS'])
      expect(
        (await list(`?q=${encodeURIComponent(typed)}`)).items.map((i) => [i.reference, i.receipt_no]),
        typed,
      ).toEqual([[`Q${'S'.repeat(58)}`, sale.receipt_no]]);
    const over = await postSale(t.app, cashier, {
      kind: 'transfer',
      location_id: s.shop.id,
      provider_id: airtel.id,
      reference: `q${'ß'.repeat(30)}`,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toMatchObject({ code: 'validation_failed', field: 'reference' });
  });
});
