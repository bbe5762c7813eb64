import type { DailySummary, DebtorPayment, Statement } from '@duka/domain';
import { v7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DebtorSync, debtorSync } from '../../test/debtor-sync.js';
import { debtorInCredit } from '../../test/sales-factories.js';
import { businessDigest } from '../../test/sync-harness.js';
import type { TestApp } from '../../test/test-app.js';

/**
 * A debtor's credit paid out on one server (debtors/payouts.ts) reaches the other: the pay-out is
 * a `debtor_payment` document of its own with its `payout` entry, so the balance, the statement
 * and the day's cash agree on both. Paid out on both sides while apart, both stand: the cash left
 * two drawers, so neither is set aside, and the debtor then owes what was paid out twice.
 */
describe('sync of a debtor’s credit paid out', () => {
  let x: DebtorSync;
  let debtorId: string;
  let credit: number;

  beforeEach(async () => {
    x = await debtorSync('Payouts');
    const made = await debtorInCredit(x.p.local.app, x.shop.admin, {
      name: 'Credit Cherono',
      location_id: x.shop.main.id,
      product_id: x.shop.ids.products![0]!,
    });
    debtorId = made.debtor.id;
    credit = made.credit;
    await x.exchange();
  });
  afterEach(async () => {
    await x.p.close();
  });

  async function payOut(t: TestApp, cookie: string, amount = credit): Promise<DebtorPayment> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/debtors/${debtorId}/payouts`,
      headers: { cookie },
      payload: { id: v7(), amount, reason: 'Credit back', location_id: x.shop.main.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<DebtorPayment>();
  }
  const daily = (t: TestApp, cookie: string, day: string) =>
    x.read<DailySummary>(t, cookie, `/api/daily-sales?location_id=${x.shop.main.id}&day=${day}`);

  it('a pay-out made at the shop is on the hosted copy: balance, statement and the day’s cash agree', async () => {
    const { p, hosted, shop } = x;
    expect(await x.balance(p.hosted, hosted, debtorId)).toBe(-credit);
    const out = await payOut(p.local, shop.admin);
    const before = await daily(p.hosted, hosted, out.business_day);
    await x.exchange();

    expect(await x.balance(p.local, shop.admin, debtorId)).toBe(0);
    expect(await x.balance(p.hosted, hosted, debtorId)).toBe(0);
    expect(await x.read<DebtorPayment>(p.hosted, hosted, `/api/debtor-payments/${out.id}`)).toEqual(out);
    const st = await x.read<Statement>(p.hosted, hosted, `/api/debtors/${debtorId}/statement`);
    expect(st.entries.at(-1)).toMatchObject({
      kind: 'payout',
      amount: credit,
      balance: 0,
      note: 'Credit back',
      receipt_no: out.receipt_no,
    });
    const after = await daily(p.hosted, hosted, out.business_day);
    expect(after.totals.expected_cash).toBe(before.totals.expected_cash - credit);
    expect(after).toEqual(await daily(p.local, shop.admin, out.business_day));
    expect(await x.setAside(p.hosted)).toEqual([]);
    expect(await businessDigest(p.hosted.db, shop.businessId, p.dir)).toEqual(
      await businessDigest(p.local.db, shop.businessId, p.dir),
    );
  });

  it('paid out on both sides apart: both stand, nothing set aside, the debtor owes the second', async () => {
    const { p, hosted, shop } = x;
    const here = await payOut(p.local, shop.admin);
    const there = await payOut(p.hosted, hosted);
    expect(here.balance_after).toBe(0);
    expect(there.balance_after).toBe(0);

    await x.exchange();
    expect(await x.setAside(p.hosted)).toEqual([]);
    expect(await x.setAside(p.local)).toEqual([]);
    // the credit was handed over twice: the second time is money the debtor now owes
    expect(await x.balance(p.local, shop.admin, debtorId)).toBe(credit);
    expect(await x.balance(p.hosted, hosted, debtorId)).toBe(credit);
    for (const [t, cookie] of [
      [p.local, shop.admin],
      [p.hosted, hosted],
    ] as const) {
      const st = await x.read<Statement>(t, cookie, `/api/debtors/${debtorId}/statement`);
      expect(
        st.entries
          .filter((e) => e.kind === 'payout')
          .map((e) => e.receipt_no)
          .sort(),
      ).toEqual([here.receipt_no, there.receipt_no].sort());
      expect(st.closing_balance).toBe(credit);
      // a debtor who owes again may pay it back; no further pay-out: there is no credit
      const more = await t.app.inject({
        method: 'POST',
        url: `/api/debtors/${debtorId}/payouts`,
        headers: { cookie },
        payload: { id: v7(), amount: 1, location_id: shop.main.id },
      });
      expect(more.json<{ error: { code: string } }>().error.code).toBe('payout_exceeds_credit');
    }
    const day = here.business_day;
    expect(await daily(p.hosted, hosted, day)).toEqual(await daily(p.local, shop.admin, day));
    expect(await businessDigest(p.hosted.db, shop.businessId, p.dir)).toEqual(
      await businessDigest(p.local.db, shop.businessId, p.dir),
    );

    // what comes after still travels: the debtor pays the second pay-out back at the shop
    const res = await p.local.app.inject({
      method: 'POST',
      url: `/api/debtors/${debtorId}/payments`,
      headers: { cookie: shop.admin },
      payload: { id: v7(), amount: credit, method: 'cash', location_id: shop.main.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    await x.exchange();
    expect(await x.balance(p.hosted, hosted, debtorId)).toBe(0);
  });
});
