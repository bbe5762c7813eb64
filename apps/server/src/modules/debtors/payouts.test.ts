import type { DailySummary, Debtor, DebtorPayment, Statement } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DebtorDesk, debtorDesk } from '../../test/debtor-desk.js';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { type Shop, debtorInCredit, sellingCounts, sold } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * ADR 9: a debtor below zero is money the shop owes them. An admin hands it back in cash: a new
 * entry raises the balance back toward zero, and the cash leaves the admin's drawer on today's
 * business day at their location. Never more than the credit; append-only; idempotent by its id.
 */
describe('paying out a debtor’s credit', () => {
  let t: TestApp;
  let x: DebtorDesk;
  let s: Shop;
  let other: DebtorDesk['other'];
  let cashier: DebtorDesk['cashier'];
  let manager: string;
  let adminId: string;
  let n = 0;
  const get = <T>(url: string, cookie?: string) => x.get<T>(url, cookie);
  const post = (url: string, payload: object, cookie?: string) => x.post(url, payload, cookie);
  const balance = (d: { id: string }) => x.balance(d);
  const today = () => x.today();
  const daily = async () => x.daily(await today());
  const payoutUrl = (d: { id: string }) => `/api/debtors/${d.id}/payouts`;
  const paidOut = async (d: { id: string }, body: object, cookie = s.admin) => {
    const res = await post(payoutUrl(d), { id: v7(), ...body }, cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<DebtorPayment>();
  };
  /** A debtor 900.00 in credit (5 kg of sugar at 180.00 bought, paid, brought back). */
  const inCredit = async (name: string, payer?: string) =>
    debtorInCredit(t.app, s.admin, {
      name: `${name} ${(n += 1)}`,
      location_id: s.shop.id,
      product_id: s.sugar.id,
      quantity: 5000,
      ...(payer ? { payer } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp();
    x = await debtorDesk(t);
    ({ s, other, cashier, manager } = x);
    adminId = (await get<{ user: { uid: string } }>('/api/me')).user.uid;
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('brings the balance to zero with a new entry, and takes the cash off the admin’s drawer today', async () => {
    // the cashier took the debtor's 900.00; the sale came back, so the shop owes it
    const { debtor, credit } = await inCredit('Credit Chebet', cashier.cookie);
    expect(credit).toBe(90_000);
    expect(await balance(debtor)).toBe(-90_000);
    const day = await today();
    const before = await daily();
    const drawerOf = (d: DailySummary, id: string) => d.cashiers.find((c) => c.user_id === id);
    const listBefore = await get<{ all_owed: number }>('/api/debtors');

    const out = await paidOut(debtor, { amount: 90_000, reason: 'Refund of returned sugar' });
    expect(out).toMatchObject({
      debtor_id: debtor.id,
      amount: -90_000,
      method: 'cash',
      location_id: s.shop.id,
      note: 'Refund of returned sugar',
      balance_after: 0,
      voids_id: null,
      voided_by_id: null,
      business_day: day,
      provider_name: null,
      reference: null,
    });
    expect(await balance(debtor)).toBe(0);
    expect(await get<DebtorPayment>(`/api/debtor-payments/${out.id}`)).toEqual(out);

    // the ledger: a payout entry raising the balance by what was paid out, the journal's entry
    const entries = await t.db.kysely
      .selectFrom('debtor_entries')
      .selectAll()
      .where('doc_id', '=', out.id)
      .execute();
    expect(entries).toMatchObject([
      { kind: 'payout', debtor_id: debtor.id, note: 'Refund of returned sugar', business_day: day },
    ]);
    expect(Number(entries[0]!.amount)).toBe(90_000);
    const journal = await t.db.kysely
      .selectFrom('journal')
      .select(['doc_type', 'action'])
      .where('doc_id', '=', out.id)
      .execute();
    expect(journal).toEqual([{ doc_type: 'debtor_payment', action: 'debtor.payout' }]);

    // the day's cash: 900.00 less in the admin's drawer, none less in the cashier's; paid out on
    // a line of its own, the payments received as they were
    const after = await daily();
    expect(after.totals.cash_debtor_payments).toBe(before.totals.cash_debtor_payments);
    expect(after.totals.cash_debtor_payouts).toBe(before.totals.cash_debtor_payouts + 90_000);
    expect(drawerOf(after, adminId)?.cash_debtor_payouts).toBe(90_000);
    expect(after.totals.expected_cash).toBe(before.totals.expected_cash - 90_000);
    expect(drawerOf(after, adminId)?.expected_cash).toBe(
      (drawerOf(before, adminId)?.expected_cash ?? 0) - 90_000,
    );
    expect(drawerOf(after, cashier.id)?.expected_cash).toBe(drawerOf(before, cashier.id)?.expected_cash);

    // the statement: the pay-out line with its reason, the balance at zero after it
    const st = await get<Statement>(`/api/debtors/${debtor.id}/statement`);
    expect(st.entries.map((e) => [e.kind, e.amount, e.balance])).toEqual([
      ['sale', 90_000, 90_000],
      ['payment', -90_000, 0],
      ['reversal', -90_000, -90_000],
      ['payout', 90_000, 0],
    ]);
    expect(st.entries.at(-1)).toMatchObject({
      receipt_no: out.receipt_no,
      method: 'cash',
      note: 'Refund of returned sugar',
      payment_id: null,
      voided: null,
      voids_receipt_no: null,
    });
    expect(st.closing_balance).toBe(0);
    const pdf = await t.app.inject({
      url: `/api/debtors/${debtor.id}/statement.pdf`,
      headers: { cookie: s.admin },
    });
    expect(pdf.statusCode).toBe(200);

    // a debtor back at zero counts nothing in what debtors owe
    const list = await get<{ all_owed: number }>('/api/debtors');
    expect(list.all_owed).toBe(listBefore.all_owed);

    // a pay-out is no payment to void
    const undo = await post(`/api/debtors/${debtor.id}/payments/${out.id}/void`, { id: v7(), reason: 'x' });
    expect(undo.statusCode).toBe(422);
    expect(undo.json().error).toMatchObject({ code: 'validation_failed', field: 'payment_id' });
  });

  it('pays out part of the credit, the rest later, and nothing once it is used up', async () => {
    const { debtor } = await inCredit('Part Pauline');
    const first = await paidOut(debtor, { amount: 30_000, location_id: s.shop.id });
    expect(first).toMatchObject({ balance_after: -60_000, note: '' });
    // no location named: the admin's home location
    const rest = await paidOut(debtor, { amount: 60_000, reason: 'The rest' });
    expect(rest).toMatchObject({ balance_after: 0, location_id: s.shop.id });
    const counts = await sellingCounts(t.db);
    const again = await post(payoutUrl(debtor), { id: v7(), amount: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'payout_exceeds_credit',
      field: 'amount',
      params: { credit: 0 },
    });
    expect(await sellingCounts(t.db)).toEqual(counts);
  });

  it('refuses more than the credit, naming the credit; nothing is written', async () => {
    const { debtor } = await inCredit('Over Otieno');
    const counts = await sellingCounts(t.db);
    const res = await post(payoutUrl(debtor), { id: v7(), amount: 90_001, reason: 'Too much' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'payout_exceeds_credit',
      field: 'amount',
      params: { credit: 90_000 },
    });
    expect(await sellingCounts(t.db)).toEqual(counts);
    expect(await balance(debtor)).toBe(-90_000);
  });

  it('refuses a debtor who is not in credit: owing, or at zero', async () => {
    const owing = (
      await post('/api/debtors', { name: 'Owing Omondi', credit_limit: 500_000 })
    ).json<Debtor>();
    await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: owing.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
    });
    const even = (await post('/api/debtors', { name: 'Even Esther' })).json<Debtor>();
    const counts = await sellingCounts(t.db);
    for (const d of [owing, even]) {
      const res = await post(payoutUrl(d), { id: v7(), amount: 100 });
      expect(res.statusCode, d.name).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'payout_exceeds_credit', params: { credit: 0 } });
    }
    expect(await sellingCounts(t.db)).toEqual(counts);
    expect(await balance(owing)).toBe(18_000);
  });

  it('checks the amount and the reason', async () => {
    const { debtor } = await inCredit('Checked Chege');
    for (const [body, field] of [
      [{ amount: 0 }, 'amount'],
      [{ amount: -100 }, 'amount'],
      [{ amount: 10.5 }, 'amount'],
      [{ amount: 100, reason: 'line\nbreak' }, 'reason'],
      [{ amount: 100, reason: 'x'.repeat(201) }, 'reason'],
    ] as const) {
      const res = await post(payoutUrl(debtor), { id: v7(), ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
    }
    expect(await balance(debtor)).toBe(-90_000);
  });

  it('answers a retry with the same pay-out; the same id with other content is a conflict', async () => {
    const { debtor } = await inCredit('Retrying Rehema');
    const body = { id: v7(), amount: 40_000, reason: 'Half back' };
    const first = await paidOut(debtor, body);
    const counts = await sellingCounts(t.db);

    const retry = await post(payoutUrl(debtor), body);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toEqual(first);
    const changed = await post(payoutUrl(debtor), { ...body, amount: 50_000 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('idempotency_conflict');

    expect(await sellingCounts(t.db)).toEqual(counts);
    expect(await balance(debtor)).toBe(-50_000);
  });

  it('is refused to staff, whatever their flags', async () => {
    const { debtor } = await inCredit('Staffed Stella');
    const counts = await sellingCounts(t.db);
    for (const cookie of [cashier.cookie, manager]) {
      const res = await post(payoutUrl(debtor), { id: v7(), amount: 100 }, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    expect(await sellingCounts(t.db)).toEqual(counts);
    expect(await balance(debtor)).toBe(-90_000);
  });

  it("answers not found for another business's debtor, and refuses its location", async () => {
    const { debtor } = await inCredit('Own Olive');
    const counts = await sellingCounts(t.db);
    // the other business's admin with this debtor, and this business's admin with theirs
    for (const [url, cookie] of [
      [payoutUrl(debtor), other.admin],
      [payoutUrl({ id: other.debtorId }), s.admin],
      [payoutUrl({ id: v7() }), s.admin],
    ] as const) {
      const res = await post(url, { id: v7(), amount: 100 }, cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const theirPlace = (await t.app.inject({ url: '/api/locations', headers: { cookie: other.admin } })).json<
      { id: string }[]
    >()[0]!.id;
    const res = await post(payoutUrl(debtor), { id: v7(), amount: 100, location_id: theirPlace });
    expect([403, 422]).toContain(res.statusCode);
    expect(res.json().error.field).toBe('location_id');
    expect(await sellingCounts(t.db)).toEqual(counts);
    expect(await balance(debtor)).toBe(-90_000);
  });

  it('has no credit to pay out once the payment that made it is voided', async () => {
    const { debtor, payment } = await inCredit('Voided Violet');
    // the payment that paid the sale was entered wrongly after all: voided, the credit is gone
    const v = await post(`/api/debtors/${debtor.id}/payments/${payment.id}/void`, {
      id: v7(),
      reason: 'Never paid',
    });
    expect(v.statusCode, v.body).toBe(201);
    expect(await balance(debtor)).toBe(0);
    const res = await post(payoutUrl(debtor), { id: v7(), amount: 100 });
    expect(res.json().error).toMatchObject({ code: 'payout_exceeds_credit', params: { credit: 0 } });
  });
});
