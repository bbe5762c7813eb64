import type { DailySummary, DebtorPayment, Statement } from '@duka/domain';
import { v7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DebtorSync, debtorSync } from '../../test/debtor-sync.js';
import type { TestApp } from '../../test/test-app.js';
import { type SyncPair, businessDigest } from '../../test/sync-harness.js';

/**
 * A debtor payment voided on one server (debtors/payment-voids.ts) reaches the other: the void is
 * a `debtor_payment` document of its own with its reversing entry, so the balance, the statement
 * and the day's cash agree on both; voided on both sides apart, the debt goes back once on each.
 */
describe('sync of a voided debtor payment', () => {
  let x: DebtorSync;
  let p: SyncPair;
  let hosted: string;
  let debtorId: string;
  let payment: DebtorPayment;

  beforeEach(async () => {
    x = await debtorSync('Voids');
    ({ p, hosted } = x);
    debtorId = x.shop.ids.debtors![0]!;
    payment = await x.read(p.local, x.shop.admin, `/api/debtor-payments/${x.shop.ids.debtor_payments![0]!}`);
  });
  afterEach(async () => {
    await p.close();
  });

  const read = <T>(t: TestApp, cookie: string, url: string) => x.read<T>(t, cookie, url);
  async function voidIt(t: TestApp, cookie: string): Promise<DebtorPayment> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/debtors/${debtorId}/payments/${payment.id}/void`,
      headers: { cookie },
      payload: { id: v7(), reason: 'Entered wrongly' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<DebtorPayment>();
  }
  const balance = (t: TestApp, cookie: string) => x.balance(t, cookie, debtorId);
  const setAside = (t: TestApp) => x.setAside(t);
  const exchange = () => x.exchange();

  it('a void made at the shop is on the hosted copy: balance, statement and the closed day agree', async () => {
    const owed = await balance(p.local, x.shop.admin);
    expect(await balance(p.hosted, hosted)).toBe(owed);
    const daily = `/api/daily-sales?location_id=${payment.location_id}&day=${payment.business_day}`;
    const dayBefore = await read<DailySummary>(p.hosted, hosted, daily);

    const v = await voidIt(p.local, x.shop.admin);
    await exchange();

    expect(await balance(p.local, x.shop.admin)).toBe(owed + payment.amount);
    expect(await balance(p.hosted, hosted)).toBe(owed + payment.amount);
    expect(await read<DebtorPayment>(p.hosted, hosted, `/api/debtor-payments/${v.id}`)).toEqual(v);
    expect(await read<DebtorPayment>(p.hosted, hosted, `/api/debtor-payments/${payment.id}`)).toMatchObject({
      amount: payment.amount,
      voided_by_id: v.id,
    });
    const st = await read<Statement>(p.hosted, hosted, `/api/debtors/${debtorId}/statement`);
    expect(st.entries.find((e) => e.payment_id === payment.id)?.voided?.receipt_no).toBe(v.receipt_no);
    expect(st.entries.at(-1)).toMatchObject({ kind: 'payment_void', voids_receipt_no: payment.receipt_no });
    // the payment's day (closed at the shop) lost the cash there, its close kept as it was
    const dayAfter = await read<DailySummary>(p.hosted, hosted, daily);
    expect(dayAfter.totals.cash_debtor_payments).toBe(dayBefore.totals.cash_debtor_payments - payment.amount);
    expect(dayAfter.close).toEqual(dayBefore.close);
    expect(await setAside(p.hosted)).toEqual([]);
    expect(await businessDigest(p.hosted.db, x.shop.businessId, p.dir)).toEqual(
      await businessDigest(p.local.db, x.shop.businessId, p.dir),
    );
  });

  it('voided on both sides apart: the second void is set aside on each, the debt goes back once', async () => {
    const owed = await balance(p.local, x.shop.admin);
    const here = await voidIt(p.local, x.shop.admin);
    const there = await voidIt(p.hosted, hosted);

    await exchange();
    expect(await setAside(p.hosted)).toEqual([
      { doc_type: 'debtor_payment', doc_id: here.id, reason: 'voided_twice' },
    ]);
    expect(await setAside(p.local)).toEqual([
      { doc_type: 'debtor_payment', doc_id: there.id, reason: 'voided_twice' },
    ]);
    expect(await balance(p.local, x.shop.admin)).toBe(owed + payment.amount);
    expect(await balance(p.hosted, hosted)).toBe(owed + payment.amount);
    // what comes after still travels: a payment at the shop reaches the hosted copy
    const res = await p.local.app.inject({
      method: 'POST',
      url: `/api/debtors/${debtorId}/payments`,
      headers: { cookie: x.shop.admin },
      payload: { id: v7(), amount: 100, method: 'cash', location_id: payment.location_id },
    });
    expect(res.statusCode, res.body).toBe(201);
    await exchange();
    expect(await balance(p.hosted, hosted)).toBe(owed + payment.amount - 100);
  });
});
