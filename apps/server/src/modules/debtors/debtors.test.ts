import type { Debtor, DebtorPayment, Provider, Sale, Statement, TransferList } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, STAFF_PASSWORD, signIn } from '../../test/factories.js';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import {
  type Shop,
  buildShop,
  paid,
  payDebtor,
  postSale,
  reversed,
  sellingCounts,
  sold,
  staffWith,
} from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * The document title in a PDF's info dictionary: a literal string, direct or (as pdfkit writes
 * it) an indirect object, in UTF-16BE with a byte-order mark when it is not ASCII.
 */
function pdfTitle(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const literal = String.raw`\(((?:\\[\s\S]|[^\\)])*)\)`;
  const ref = /\/Title\s+(\d+)\s+0\s+R/.exec(raw);
  const m = ref
    ? new RegExp(String.raw`(?:^|\s)${ref[1]}\s+0\s+obj\s*${literal}`).exec(raw)
    : new RegExp(String.raw`\/Title\s*${literal}`).exec(raw);
  if (!m) throw new Error('no /Title in the PDF');
  const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  const bytes = m[1]!.replace(/\\([\s\S])/g, (_, c: string) => map[c] ?? c);
  const buf = Buffer.from(bytes, 'latin1');
  if (buf[0] === 0xfe && buf[1] === 0xff) return buf.subarray(2).swap16().toString('utf16le');
  return bytes;
}

describe('debtors', () => {
  let t: TestApp;
  let s: Shop;
  let clerk: string;
  let airtel: Provider;
  const get = async <T>(url: string, cookie = s.admin) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const send = (method: 'POST' | 'PATCH', url: string, payload: object, cookie = s.admin) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const addDebtor = async (payload: object, cookie = s.admin) => {
    const res = await send('POST', '/api/debtors', payload, cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Debtor>();
  };
  const creditSale = (debtor: Debtor, lines: object[], extra: object = {}) =>
    sold(t.app, s.admin, { kind: 'debtor', location_id: s.shop.id, debtor_id: debtor.id, lines, ...extra });
  const balance = async (d: Debtor) => (await get<Debtor>(`/api/debtors/${d.id}`)).balance;
  const cashPay = (d: Debtor, amount: number) =>
    paid(t.app, s.admin, d.id, { amount, method: 'cash', location_id: s.shop.id });

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    const profile = await send('PATCH', '/api/business/profile', { default_credit_limit: 50_000 });
    expect(profile.statusCode).toBe(200);
    clerk = (await staffWith(t.app, s.admin, [], { username: 'clerk', location_ids: [s.shop.id] })).cookie;
    airtel = (await send('POST', '/api/payment-providers', { name: 'Airtel Money' })).json<Provider>();
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('lets staff add a debtor at the default limit; only an admin sets or changes limits', async () => {
    const amina = await addDebtor(
      { name: 'Amina Wafula', phone: '0733 444 555', id_number: 'ID-12345678' },
      clerk,
    );
    expect(amina).toMatchObject({ credit_limit: 50_000, balance: 0, available: 50_000, active: true });
    const before = await sellingCounts(t.db);
    const withLimit = await send('POST', '/api/debtors', { name: 'Greedy', credit_limit: 1e9 }, clerk);
    expect(withLimit.statusCode).toBe(403);
    expect(withLimit.json().error).toMatchObject({ code: 'forbidden', field: 'credit_limit' });
    for (const patch of [{ credit_limit: 1e9 }, { active: false }]) {
      const res = await send('PATCH', `/api/debtors/${amina.id}`, patch, clerk);
      expect(res.statusCode, JSON.stringify(patch)).toBe(403);
    }
    expect(await sellingCounts(t.db)).toEqual(before);
    expect((await get<Debtor>(`/api/debtors/${amina.id}`)).credit_limit).toBe(50_000);
    const edited = await send('PATCH', `/api/debtors/${amina.id}`, { phone: '0733 444 556' }, clerk);
    expect(edited.json<Debtor>()).toMatchObject({ phone: '0733 444 556', credit_limit: 50_000 });
    const raised = await send('PATCH', `/api/debtors/${amina.id}`, { credit_limit: 80_000 });
    expect(raised.json<Debtor>()).toMatchObject({ credit_limit: 80_000, available: 80_000 });
    expect((await addDebtor({ name: 'Cash Only Carol', credit_limit: 0 })).credit_limit).toBe(0);
    const names = await t.db.kysely.selectFrom('debtors').select('name').execute();
    expect(names.map((n) => n.name)).not.toContain('Greedy');
  });

  it('searches debtors by name, phone or ID number', async () => {
    const found = async (q: string) =>
      (await get<{ items: Debtor[] }>(`/api/debtors?q=${encodeURIComponent(q)}`, clerk)).items.map(
        (d) => d.name,
      );
    expect(await found('amina')).toEqual(['Amina Wafula']);
    expect(await found('0733444')).toEqual(['Amina Wafula']);
    expect(await found('12345678')).toEqual(['Amina Wafula']);
    expect(await found('0722000111')).toEqual(['Juma Otieno']);
    expect(await found('wafula_%')).toEqual([]);
    expect(await found('nobody')).toEqual([]);
  });

  it('sorts the whole list on the server, so pages follow one order', async () => {
    await addDebtor({ name: 'Sorting Sam', credit_limit: 90_000 });
    await addDebtor({ name: 'sorting sue', credit_limit: 10_000 });
    const list = async (query: string) =>
      (await get<{ items: Debtor[] }>(`/api/debtors?include_inactive=true&${query}`, clerk)).items;
    for (const [key, value] of [
      ['credit_limit', (d: Debtor) => d.credit_limit],
      ['available', (d: Debtor) => d.available],
      ['balance', (d: Debtor) => d.balance],
    ] as const) {
      const all = await list(`sort=${key}&dir=desc&limit=500`);
      expect(all.length).toBeGreaterThanOrEqual(4);
      const values = all.map(value);
      expect(values).toEqual([...values].sort((a, b) => b - a));
      // A page is a slice of that one order, not a page sorted on its own.
      expect((await list(`sort=${key}&dir=desc&limit=2&offset=2`)).map((d) => d.id)).toEqual(
        all.slice(2, 4).map((d) => d.id),
      );
    }
    const names = (await list('sort=name&dir=asc&limit=500')).map((d) => d.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await list('sort=name&dir=desc&limit=500')).map((d) => d.name.toLowerCase())).toEqual(
      [...names].reverse(),
    );
    const bad = await t.app.inject({ url: '/api/debtors?sort=phone', headers: { cookie: clerk } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.field).toBe('sort');
  });

  it('refuses a debtor sale over the limit and writes nothing; takes one up to it', async () => {
    const d = await addDebtor({ name: 'Limited Lucy', credit_limit: 20_000 });
    const before = await sellingCounts(t.db);
    const over = await postSale(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: d.id,
      lines: [{ product_id: s.sugar.id, quantity: 2000 }],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'credit_limit_exceeded', field: 'debtor_id' });
    expect(over.json().error.message).toContain('Limited Lucy');
    expect(await sellingCounts(t.db)).toEqual(before);
    expect(await balance(d)).toBe(0);

    const first = await creditSale(d, [{ product_id: s.sugar.id, quantity: 1000 }]);
    expect(first).toMatchObject({ kind: 'debtor', total: 18_000, debtor_balance_after: 18_000 });
    const toTheLimit = await creditSale(d, [{ product_id: s.bread.id, quantity: 1000, discount: 4_500 }]);
    expect(toTheLimit.debtor_balance_after).toBe(20_000);
    const oneMore = await postSale(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: d.id,
      lines: [{ product_id: s.bread.id, quantity: 1000, discount: 6_499 }],
    });
    expect(oneMore.json().error.code).toBe('credit_limit_exceeded');
    expect(await get<Debtor>(`/api/debtors/${d.id}`)).toMatchObject({ balance: 20_000, available: 0 });
  });

  it('never lets parallel credit sales pass the limit together', async () => {
    const d = await addDebtor({ name: 'Rush Hour Rose', credit_limit: 40_000 });
    const res = await Promise.all(
      Array.from({ length: 5 }, () =>
        postSale(t.app, s.admin, {
          kind: 'debtor',
          location_id: s.shop.id,
          debtor_id: d.id,
          lines: [{ product_id: s.sugar.id, quantity: 1000 }],
        }),
      ),
    );
    expect(res.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(res.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect(await balance(d)).toBe(36_000);
  });

  it('records payments in cash and by transfer, with the transfer’s provider and reference', async () => {
    const d = await addDebtor({ name: 'Paying Peter', credit_limit: 200_000 });
    await creditSale(d, [{ product_id: s.sugar.id, quantity: 5000 }]); // 90,000
    const cash = await cashPay(d, 5_000);
    expect(cash).toMatchObject({ method: 'cash', amount: 5_000, balance_after: 85_000, provider_name: null });
    expect(cash.receipt_no).toMatch(/^\d{6}$/);

    const before = await sellingCounts(t.db);
    const tr = { amount: 10_000, method: 'transfer', location_id: s.shop.id };
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ ...tr, reference: 'PP1' }, 422, 'validation_failed', 'provider_id'],
      [{ ...tr, provider_id: s.mpesa.id }, 422, 'validation_failed', 'reference'],
      [{ ...tr, provider_id: s.mpesa.id, reference: '  ' }, 422, 'validation_failed', 'reference'],
      [{ ...tr, method: 'cash', reference: 'PP1' }, 422, 'validation_failed', 'method'],
      [{ ...tr, amount: 0 }, 422, 'validation_failed', 'amount'],
      [{ ...tr, method: 'cash', amount: 85_001 }, 409, 'overpayment', 'amount'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await payDebtor(t.app, s.admin, d.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error, res.body).toMatchObject({ code, field });
    }
    expect(await sellingCounts(t.db)).toEqual(before);

    const byTransfer = await paid(t.app, s.admin, d.id, { ...tr, provider_id: s.mpesa.id, reference: 'pp1' });
    expect(byTransfer).toMatchObject({
      method: 'transfer',
      provider_name: 'M-Pesa',
      reference: 'PP1',
      balance_after: 75_000,
    });
    const reused = await payDebtor(t.app, s.admin, d.id, {
      ...tr,
      provider_id: s.mpesa.id,
      reference: 'PP1',
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toMatchObject({ code: 'reference_used', field: 'reference' });
    expect(reused.json().error.message).toContain(byTransfer.receipt_no);
    const otherProvider = await paid(t.app, s.admin, d.id, {
      ...tr,
      provider_id: airtel.id,
      reference: 'PP1',
    });
    expect(otherProvider.balance_after).toBe(65_000);
    const register = await get<TransferList>('/api/transfers?source=debtor_payment&q=PP1');
    expect(register.items.map((i) => [i.provider_name, i.amount, i.receipt_no]).sort()).toEqual(
      [
        ['Airtel Money', 10_000, otherProvider.receipt_no],
        ['M-Pesa', 10_000, byTransfer.receipt_no],
      ].sort(),
    );

    const id = v7();
    const body = { id, amount: 1_000, method: 'cash', location_id: s.shop.id };
    const once = await payDebtor(t.app, s.admin, d.id, body);
    const twice = await payDebtor(t.app, s.admin, d.id, body);
    expect(twice.json<DebtorPayment>()).toEqual(once.json<DebtorPayment>());
    expect((await payDebtor(t.app, s.admin, d.id, { ...body, amount: 2_000 })).statusCode).toBe(409);
    expect(await balance(d)).toBe(64_000);
    const fetched = await get<DebtorPayment>(`/api/debtor-payments/${id}`);
    expect(fetched.receipt_no).toBe(once.json<DebtorPayment>().receipt_no);
    expect((await payDebtor(t.app, s.admin, v7(), { ...body, id: v7() })).statusCode).toBe(404);
  });

  it('takes a payment sent three times at once once, and parallel payments never beyond what is owed', async () => {
    const d = await addDebtor({ name: 'Parallel Pam', credit_limit: 100_000 });
    await creditSale(d, [{ product_id: s.sugar.id, quantity: 1000 }]); // 18,000
    const body = { id: v7(), amount: 2_000, method: 'cash', location_id: s.shop.id };
    const same = await Promise.all([1, 2, 3].map(() => payDebtor(t.app, s.admin, d.id, body)));
    expect(same.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(same.map((r) => r.json<DebtorPayment>().receipt_no)).size).toBe(1);
    expect(await balance(d)).toBe(16_000);
    const rush = await Promise.all(
      [1, 2, 3].map(() =>
        payDebtor(t.app, s.admin, d.id, { amount: 10_000, method: 'cash', location_id: s.shop.id }),
      ),
    );
    expect(rush.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(rush.find((r) => r.statusCode === 409)!.json().error.code).toBe('overpayment');
    expect(await balance(d)).toBe(6_000);
  });

  it('a sale reversed after it was paid for leaves the debtor in credit, which their next sale uses', async () => {
    const d = await addDebtor({ name: 'Paid-up Pendo', credit_limit: 30_000 });
    const sale = await creditSale(d, [{ product_id: s.sugar.id, quantity: 1000 }]); // 180.00
    await cashPay(d, sale.total);
    expect(await balance(d)).toBe(0);
    const back = await reversed(t.app, s.admin, sale.id, { reason: 'Returned unopened' });
    expect(back.total).toBe(18_000);
    const inCredit = await get<Debtor>(`/api/debtors/${d.id}`);
    expect(inCredit).toMatchObject({ balance: -18_000, available: 48_000 });
    // Nothing is owed, so no payment is taken; the list's "owed" ignores the credit.
    const pay = await payDebtor(t.app, s.admin, d.id, {
      amount: 100,
      method: 'cash',
      location_id: s.shop.id,
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error.code).toBe('overpayment');
    const owed = async () =>
      (await get<{ total_balance: number }>('/api/debtors?include_inactive=true&limit=500')).total_balance;
    const debtors = await t.db.kysely.selectFrom('debtors').select('balance').execute();
    expect(await owed()).toBe(debtors.reduce((sum, r) => sum + Math.max(0, Number(r.balance)), 0));
    // The next credit sale uses the credit first: 65.00 of bread leaves 115.00 in credit.
    const next = await creditSale(d, [{ product_id: s.bread.id, quantity: 1000 }]);
    expect(next.debtor_balance_after).toBe(-11_500);
    expect(await balance(d)).toBe(-11_500);
  });

  it('stops an inactive debtor buying on credit but still takes their payments', async () => {
    const d = await addDebtor({ name: 'Gone Gary', credit_limit: 50_000 });
    await creditSale(d, [{ product_id: s.bread.id, quantity: 1000 }]);
    expect((await send('PATCH', `/api/debtors/${d.id}`, { active: false })).statusCode).toBe(200);
    const refused = await postSale(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: d.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'validation_failed', field: 'debtor_id' });
    expect((await cashPay(d, 6_500)).balance_after).toBe(0);
    expect((await get<{ items: Debtor[] }>('/api/debtors?q=gary')).items).toEqual([]);
    const all = await get<{ items: Debtor[] }>('/api/debtors?q=gary&include_inactive=true');
    expect(all.items.map((x) => [x.name, x.active, x.balance])).toEqual([['Gone Gary', false, 0]]);
  });

  it('keeps every balance equal to the sum of its ledger after sales, payments and reversals', async () => {
    const [a, b] = [
      await addDebtor({ name: 'Mixed Mary', credit_limit: 500_000 }),
      await addDebtor({ name: 'Mixed Moses', credit_limit: 500_000 }),
    ];
    const s1 = await creditSale(a, [{ product_id: s.sugar.id, quantity: 2000 }]); // 36,000
    const s2 = await creditSale(a, [
      { product_id: s.bread.id, quantity: 3000 },
      { product_id: s.milk.id, quantity: 1000 },
    ]); // 25,500
    const s3 = await creditSale(b, [{ product_id: s.milk.id, quantity: 2000 }], { discount: 1_001 }); // 10,999
    await cashPay(a, 10_000);
    const r1 = await reversed(t.app, s.admin, s1.id, { lines: [{ line_no: 1, quantity: 1000 }] });
    await paid(t.app, s.admin, b.id, {
      amount: 2_000,
      method: 'transfer',
      location_id: s.shop.id,
      provider_id: s.mpesa.id,
      reference: 'MIX1',
    });
    const r2 = await reversed(t.app, s.admin, s2.id);
    const r3 = await reversed(t.app, s.admin, s3.id, { lines: [{ line_no: 1, quantity: 1000 }] });
    await creditSale(b, [{ product_id: s.bread.id, quantity: 1000 }]);
    expect([r1.total, r2.total, r3.total]).toEqual([18_000, 25_500, 5_500]);
    expect(await balance(a)).toBe(36_000 + 25_500 - 10_000 - 18_000 - 25_500);
    expect(await balance(b)).toBe(10_999 - 2_000 - 5_500 + 6_500);
    expect(r3.debtor_balance_after).toBe(10_999 - 2_000 - 5_500);
    // the statement names the transfer's provider and reference, to check against the customer's messages
    const stB = await get<Statement>(`/api/debtors/${b.id}/statement?from=2000-01-01&to=2099-12-31`);
    expect(stB.entries.filter((e) => e.kind === 'payment')).toEqual([
      expect.objectContaining({ method: 'transfer', provider_name: s.mpesa.name, reference: 'MIX1' }),
    ]);

    const rows = await t.db.kysely.selectFrom('debtors').select(['id', 'balance']).execute();
    const sums = await t.db.kysely
      .selectFrom('debtor_entries')
      .select(['debtor_id', (eb) => eb.fn.sum<number>('amount').as('s')])
      .groupBy('debtor_id')
      .execute();
    const ledger = new Map(sums.map((x) => [x.debtor_id, Number(x.s)]));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(Number(row.balance), row.id).toBe(ledger.get(row.id) ?? 0);
      expect((await get<Debtor>(`/api/debtors/${row.id}`)).balance).toBe(Number(row.balance));
    }
  });

  it('states a range: opening balance, entries with running balance, closing balance; and as a PDF', async () => {
    const d = await addDebtor({ name: 'Statement Sam', phone: '0711 222 333', credit_limit: 1_000_000 });
    const nextDay = async () => {
      t.clock.advance(24 * 3600_000);
      s.admin = (await signIn(t.app, 'owner', ADMIN_PASSWORD)).cookie; // the idle limit passed
    };
    const day1 = (await creditSale(d, [{ product_id: s.bread.id, quantity: 2000 }])).business_day; // 13,000
    await nextDay();
    const p1 = await cashPay(d, 5_000);
    const saleB: Sale = await creditSale(d, [{ product_id: s.milk.id, quantity: 1000 }]); // 6,000
    await nextDay();
    const rev = await reversed(t.app, s.admin, saleB.id);
    const p2 = await cashPay(d, 1_000);
    await nextDay();
    const last = await creditSale(d, [{ product_id: s.bread.id, quantity: 1000 }]); // 6,500
    expect(p1.business_day > day1 && rev.business_day > p1.business_day).toBe(true);
    expect(last.business_day > rev.business_day).toBe(true);

    const st = await get<Statement>(
      `/api/debtors/${d.id}/statement?from=${p1.business_day}&to=${rev.business_day}`,
    );
    expect(st).toMatchObject({ from: p1.business_day, to: rev.business_day, opening_balance: 13_000 });
    expect(st.entries.map((e) => [e.kind, e.receipt_no, e.amount, e.balance])).toEqual([
      ['payment', p1.receipt_no, -5_000, 8_000],
      ['sale', saleB.receipt_no, 6_000, 14_000],
      ['reversal', rev.receipt_no, -6_000, 8_000],
      ['payment', p2.receipt_no, -1_000, 7_000],
    ]);
    expect(st.closing_balance).toBe(7_000);
    // how each payment came; a sale or reversal has none
    expect(st.entries.map((e) => [e.kind, e.method, e.provider_name, e.reference])).toEqual([
      ['payment', 'cash', null, null],
      ['sale', null, null, null],
      ['reversal', null, null, null],
      ['payment', 'cash', null, null],
    ]);
    const all = await get<Statement>(`/api/debtors/${d.id}/statement?from=${day1}&to=${last.business_day}`);
    expect(all).toMatchObject({ opening_balance: 0, closing_balance: 13_500 });
    expect(all.entries).toHaveLength(6);
    expect(all.closing_balance).toBe(await balance(d));
    // one end alone: the other is taken from it (30 days before an old `to`; a later `from` alone
    // is a range of that day, not one that ends before it starts)
    const onlyTo = await get<Statement>(`/api/debtors/${d.id}/statement?to=2020-01-31`);
    expect(onlyTo).toMatchObject({ from: '2020-01-01', to: '2020-01-31', entries: [] });
    const onlyFrom = await get<Statement>(`/api/debtors/${d.id}/statement?from=2099-01-01`);
    expect(onlyFrom).toMatchObject({ from: '2099-01-01', to: '2099-01-01' });

    const reversedRange = await t.app.inject({
      url: `/api/debtors/${d.id}/statement?from=${rev.business_day}&to=${p1.business_day}`,
      headers: { cookie: s.admin },
    });
    expect(reversedRange.statusCode).toBe(422);
    expect(reversedRange.json().error).toMatchObject({ code: 'validation_failed', field: 'to' });
    const badDay = await t.app.inject({
      url: `/api/debtors/${d.id}/statement?from=2024-13-45&to=${p1.business_day}`,
      headers: { cookie: s.admin },
    });
    expect(badDay.statusCode).toBe(422);
    expect(
      (await t.app.inject({ url: `/api/debtors/${v7()}/statement`, headers: { cookie: s.admin } }))
        .statusCode,
    ).toBe(404);

    const pdf = await t.app.inject({
      url: `/api/debtors/${d.id}/statement.pdf?from=${p1.business_day}&to=${rev.business_day}`,
      headers: { cookie: (await signIn(t.app, 'clerk', STAFF_PASSWORD)).cookie }, // staff may print it
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('statement-Statement-Sam-');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfTitle(pdf.rawPayload)).toContain('Statement Sam');
    const badPdf = await t.app.inject({
      url: `/api/debtors/${d.id}/statement.pdf?from=${rev.business_day}&to=${p1.business_day}`,
      headers: { cookie: s.admin },
    });
    expect(badPdf.statusCode).toBe(422);
  });

  it('answers a retry of an added debtor with the first result, and other details under the same id with 409', async () => {
    const id = v7();
    const body = { id, name: 'Retry Wanjiru', phone: '0711000999' };
    const first = await send('POST', '/api/debtors', body);
    const again = await send('POST', '/api/debtors', body);
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const other = await send('POST', '/api/debtors', { ...body, name: 'Someone Else' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_conflict');
    for (const [url, payload] of [
      ['/api/payment-providers', { name: 'Equity Bank', kind: 'bank' }],
      ['/api/expense-categories', { name: 'Cleaning' }],
    ] as const) {
      const pid = v7();
      expect((await send('POST', url, { id: pid, ...payload })).statusCode).toBe(201);
      expect((await send('POST', url, { id: pid, ...payload })).statusCode).toBe(201);
      const clash = await send('POST', url, { id: pid, ...payload, name: `${payload.name} 2` });
      expect(clash.statusCode, url).toBe(409);
    }
  });
});
