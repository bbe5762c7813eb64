import {
  type DailySummary,
  type DayClose,
  type Debtor,
  type DebtorPayment,
  type Statement,
  type TransferList,
} from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signIn } from '../../test/factories.js';
import { type DebtorDesk, debtorDesk } from '../../test/debtor-desk.js';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { type Shop, paid, sellingCounts, sold } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * The QA's debtor payment entered wrongly (5,000 for 500) could never be undone: the balance stayed
 * wrong for good. An admin voids it with a reason: a new, opposite entry puts the amount back on
 * the balance, the payment and its entry stay as they were, and the day it was counted in loses it.
 */
describe('voiding a debtor payment', () => {
  let t: TestApp;
  let x: DebtorDesk;
  let s: Shop;
  let other: DebtorDesk['other'];
  let cashier: DebtorDesk['cashier'];
  let manager: string;
  const get = <T>(url: string, cookie?: string) => x.get<T>(url, cookie);
  const post = (url: string, payload: object, cookie?: string) => x.post(url, payload, cookie);
  const balance = (d: { id: string }, cookie?: string) => x.balance(d, cookie);
  const today = (cookie?: string) => x.today(cookie);
  const daily = (day: string, cookie?: string) => x.daily(day, cookie);
  const voidUrl = (p: Pick<DebtorPayment, 'debtor_id' | 'id'>) =>
    `/api/debtors/${p.debtor_id}/payments/${p.id}/void`;
  const voided = async (p: DebtorPayment, body: object = {}, cookie = s.admin) => {
    const res = await post(voidUrl(p), { id: v7(), reason: 'Typed 5,000 for 500', ...body }, cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<DebtorPayment>();
  };
  const debtorOwing = async (name: string, owed = 90_000) => {
    const d = (await post('/api/debtors', { name, credit_limit: 500_000 })).json<Debtor>();
    // 5 kg of sugar at 180.00: 900.00 on credit
    await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: d.id,
      lines: [{ product_id: s.sugar.id, quantity: (owed / 18_000) * 1000 }],
    });
    return d;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    x = await debtorDesk(t);
    ({ s, other, cashier, manager } = x);
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('puts the amount back on the balance with a new entry; the payment and its entry stay', async () => {
    const d = await debtorOwing('Wrongly Paid Wanjiru');
    const payment = await paid(t.app, s.admin, d.id, {
      amount: 50_000,
      method: 'cash',
      location_id: s.shop.id,
    });
    expect(await balance(d)).toBe(40_000);
    const rowsBefore = await t.db.kysely
      .selectFrom('debtor_payments')
      .selectAll()
      .where('id', '=', payment.id)
      .execute();
    const entriesBefore = await t.db.kysely
      .selectFrom('debtor_entries')
      .selectAll()
      .where('doc_id', '=', payment.id)
      .execute();

    const v = await voided(payment);
    expect(v).toMatchObject({
      debtor_id: d.id,
      amount: -50_000,
      method: 'cash',
      location_id: s.shop.id,
      note: 'Typed 5,000 for 500',
      balance_after: 90_000,
      voids_id: payment.id,
      voided_by_id: null,
      business_day: payment.business_day,
    });
    expect(v.receipt_no).not.toBe(payment.receipt_no);
    expect(await balance(d)).toBe(90_000);

    // append-only: the payment's row and its entry are what they were, the void has its own
    expect(
      await t.db.kysely.selectFrom('debtor_payments').selectAll().where('id', '=', payment.id).execute(),
    ).toEqual(rowsBefore);
    expect(
      await t.db.kysely.selectFrom('debtor_entries').selectAll().where('doc_id', '=', payment.id).execute(),
    ).toEqual(entriesBefore);
    const reversing = await t.db.kysely
      .selectFrom('debtor_entries')
      .selectAll()
      .where('doc_id', '=', v.id)
      .execute();
    expect(reversing).toMatchObject([{ kind: 'payment_void', debtor_id: d.id, note: 'Typed 5,000 for 500' }]);
    expect(Number(reversing[0]!.amount)).toBe(50_000);
    const journal = await t.db.kysely
      .selectFrom('journal')
      .select(['doc_type', 'action'])
      .where('doc_id', '=', v.id)
      .execute();
    expect(journal).toEqual([{ doc_type: 'debtor_payment', action: 'debtor.payment_void' }]);

    // the payment reads as voided, the void as the void of it
    expect(await get<DebtorPayment>(`/api/debtor-payments/${payment.id}`)).toMatchObject({
      amount: 50_000,
      voids_id: null,
      voided_by_id: v.id,
    });
    expect(await get<DebtorPayment>(`/api/debtor-payments/${v.id}`)).toEqual(v);

    // the statement: the sale, the payment (voided, with the reason), the void putting it back
    const st = await get<Statement>(`/api/debtors/${d.id}/statement`);
    expect(st.closing_balance).toBe(90_000);
    expect(st.entries.map((e) => [e.kind, e.amount, e.balance])).toEqual([
      ['sale', 90_000, 90_000],
      ['payment', -50_000, 40_000],
      ['payment_void', 50_000, 90_000],
    ]);
    expect(st.entries[1]).toMatchObject({
      payment_id: payment.id,
      voided: { receipt_no: v.receipt_no, reason: 'Typed 5,000 for 500', created_at: v.created_at },
      voids_receipt_no: null,
    });
    expect(st.entries[2]).toMatchObject({
      payment_id: null,
      voided: null,
      voids_receipt_no: payment.receipt_no,
      method: 'cash',
      note: 'Typed 5,000 for 500',
    });
    const pdf = await t.app.inject({
      url: `/api/debtors/${d.id}/statement.pdf`,
      headers: { cookie: s.admin },
    });
    expect(pdf.statusCode).toBe(200);
  });

  it('answers a retry of the same void with it again; a second void of the payment is refused', async () => {
    const d = await debtorOwing('Retrying Rose');
    const payment = await paid(t.app, s.admin, d.id, {
      amount: 30_000,
      method: 'cash',
      location_id: s.shop.id,
    });
    const body = { id: v7(), reason: 'Wrong amount' };
    const first = await voided(payment, body);
    const counts = await sellingCounts(t.db);

    // the answer was lost and the same request comes again: the same void, nothing written
    const retry = await post(voidUrl(payment), body);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toEqual(first);
    // the same id with other content is another request
    const changed = await post(voidUrl(payment), { ...body, reason: 'Another reason' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('idempotency_conflict');

    // voiding it again (a new void) is refused: once per payment
    const twice = await post(voidUrl(payment), { id: v7(), reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('already_voided');
    // and a void is not a payment to void
    const ofVoid = await post(voidUrl(first), { id: v7(), reason: 'Undo the undo' });
    expect(ofVoid.statusCode).toBe(422);
    expect(ofVoid.json().error).toMatchObject({ code: 'validation_failed', field: 'payment_id' });

    expect(await sellingCounts(t.db)).toEqual(counts);
    expect(await balance(d)).toBe(90_000);
  });

  it('needs a reason', async () => {
    const d = await debtorOwing('Reasonless Ruth');
    const payment = await paid(t.app, s.admin, d.id, {
      amount: 10_000,
      method: 'cash',
      location_id: s.shop.id,
    });
    for (const reason of ['', '   ', 'line\nbreak', 'x'.repeat(201)]) {
      const res = await post(voidUrl(payment), { id: v7(), reason });
      expect(res.statusCode, JSON.stringify(reason)).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', field: 'reason' });
    }
    expect(await balance(d)).toBe(80_000);
  });

  it("answers not found for another business's payment, or another debtor's", async () => {
    const d = await debtorOwing('Own Otieno');
    const mine = await paid(t.app, s.admin, d.id, { amount: 10_000, method: 'cash', location_id: s.shop.id });
    const counts = await sellingCounts(t.db);
    // the other business's admin, with the payment's ids or with a debtor of their own
    for (const url of [voidUrl(mine), `/api/debtors/${other.debtorId}/payments/${mine.id}/void`]) {
      const res = await post(url, { id: v7(), reason: 'Not mine' }, other.admin);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    // this business's own admin, naming the payment under another of its debtors
    const res = await post(`/api/debtors/${s.debtor.id}/payments/${mine.id}/void`, { id: v7(), reason: 'x' });
    expect(res.statusCode).toBe(404);
    expect(await sellingCounts(t.db)).toEqual(counts);
    expect(await balance(d)).toBe(80_000);
  });

  it('is refused to staff, whatever their flags', async () => {
    const d = await debtorOwing('Staffed Stella');
    const payment = await paid(t.app, cashier.cookie, d.id, {
      amount: 10_000,
      method: 'cash',
      location_id: s.shop.id,
    });
    const counts = await sellingCounts(t.db);
    for (const cookie of [cashier.cookie, manager]) {
      const res = await post(voidUrl(payment), { id: v7(), reason: 'Mine to undo?' }, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    expect(await sellingCounts(t.db)).toEqual(counts);
    expect(await balance(d)).toBe(80_000);
  });

  it("takes a transfer payment back out of the transfers' register", async () => {
    const d = await debtorOwing('Transfer Tabitha');
    const reference = `QV${Date.now().toString(36).toUpperCase()}`;
    const payment = await paid(t.app, s.admin, d.id, {
      amount: 20_000,
      method: 'transfer',
      provider_id: s.mpesa.id,
      reference,
      location_id: s.shop.id,
    });
    const v = await voided(payment);
    const register = await get<TransferList>(`/api/transfers?q=${reference}`);
    expect(register.items.map((r) => [r.source, r.source_id, r.amount]).sort()).toEqual(
      [
        ['debtor_payment', payment.id, 20_000],
        ['debtor_payment', v.id, -20_000],
      ].sort(),
    );
    expect(register.unconfirmed.amount).toBe(0);
    expect(v).toMatchObject({ method: 'transfer', provider_name: s.mpesa.name, reference });
    expect(await balance(d)).toBe(90_000);
  });
  it("takes a cash payment off its cashier's drawer on its day, a closed one too, whoever voids it", async () => {
    const d = await debtorOwing('Drawer Daudi');
    const day = await today();
    const before = await daily(day);
    const mine = (x: DailySummary) => x.cashiers.find((c) => c.user_id === cashier.id);
    // the cashier takes 500.00 and types 5,000.00
    const payment = await paid(t.app, cashier.cookie, d.id, {
      amount: 50_000,
      method: 'cash',
      location_id: s.shop.id,
    });
    const taken = await daily(day);
    expect(taken.totals.cash_debtor_payments).toBe(before.totals.cash_debtor_payments + 50_000);
    expect(taken.totals.expected_cash).toBe(before.totals.expected_cash + 50_000);
    // the day is closed with the 500.00 the drawer really holds beyond the rest
    const counted = taken.totals.expected_cash - 45_000;
    const closing = await post('/api/daily-sales/close', {
      id: v7(),
      location_id: s.shop.id,
      day,
      counted_cash: counted,
    });
    expect(closing.statusCode, closing.body).toBe(201);
    const close = closing.json<DayClose>();
    expect(close.difference).toBe(-45_000);

    // the next day the admin voids it (signed in again: a day later)
    t.clock.advance(26 * 3600_000);
    const admin = (await signIn(t.app, 'owner', ADMIN_PASSWORD)).cookie;
    const v = await voided(payment, { reason: 'Took 500, typed 5,000' }, admin);
    expect(v.business_day).toBe(day);
    expect(await balance(d, admin)).toBe(90_000);

    // the day it was counted in loses it, on the cashier's drawer; the close stays as it was
    const after = await daily(day, admin);
    expect(after.totals.cash_debtor_payments).toBe(before.totals.cash_debtor_payments);
    expect(after.totals.expected_cash).toBe(before.totals.expected_cash);
    expect(mine(after)?.cash_debtor_payments ?? 0).toBe(mine(before)?.cash_debtor_payments ?? 0);
    // nobody else's drawer moved: not the admin's who voided it
    const others = (x: DailySummary) =>
      x.cashiers.filter((c) => c.user_id !== cashier.id).map((c) => [c.user_id, c.cash_debtor_payments]);
    expect(others(after)).toEqual(others(before));
    expect(after.close).toEqual(close);
    // the drawer holds 5.00 more than now expected: the 500.00 really paid, to be recorded again
    expect(after.totals.expected_cash - close.counted_cash).toBe(-5_000);
    // the void's day has nothing of it
    const next = await daily(await today(admin), admin);
    expect(next.totals.cash_debtor_payments).toBe(0);
    // the statement shows the void on the day the balance moved
    const st = await get<Statement>(`/api/debtors/${d.id}/statement`, admin);
    expect(st.entries.at(-1)).toMatchObject({ kind: 'payment_void', amount: 50_000, balance: 90_000 });
  });
});
