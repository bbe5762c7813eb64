import type { Debtor, DebtorPayment } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { type Shop, buildShop, paid, payDebtor, postSale, sold } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A debtor's payment by transfer typed wrongly (5,000 for 500) is voided and entered again with
 * the customer's real code: the voided payment no longer holds the reference (ADR 9). Before, the
 * corrected payment was refused `reference_used`, naming the voided one.
 */
describe("a voided payment's transfer reference", () => {
  let t: TestApp;
  let s: Shop;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: s.admin }, payload });
  const byTransfer = (debtorId: string, amount: number, reference: string) =>
    payDebtor(t.app, s.admin, debtorId, {
      amount,
      method: 'transfer',
      provider_id: s.mpesa.id,
      reference,
      location_id: s.shop.id,
    });

  it('is taken again by the corrected payment, once', async () => {
    const d = (await post('/api/debtors', { name: 'Corrected Cyrus', credit_limit: 500_000 })).json<Debtor>();
    await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: d.id,
      lines: [{ product_id: s.sugar.id, quantity: 5000 }],
    });
    const wrong = await paid(t.app, s.admin, d.id, {
      amount: 50_000,
      method: 'transfer',
      provider_id: s.mpesa.id,
      reference: 'QK41REAL9',
      location_id: s.shop.id,
    });
    // before the void the code is taken, as ever
    const early = await byTransfer(d.id, 5_000, 'QK41REAL9');
    expect(early.json().error).toMatchObject({
      code: 'reference_used',
      params: { receipt_no: wrong.receipt_no },
    });

    const v = await post(`/api/debtors/${d.id}/payments/${wrong.id}/void`, {
      id: v7(),
      reason: 'Typed 500 as 5,000',
    });
    expect(v.statusCode, v.body).toBe(201);
    const corrected = await byTransfer(d.id, 5_000, 'QK41 REAL9');
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(corrected.json<DebtorPayment>().reference).toBe('QK41 REAL9');
    // and the code is taken again, now by the corrected payment
    for (const again of [
      await byTransfer(d.id, 1_000, 'QK41REAL9'),
      await postSale(t.app, s.admin, {
        kind: 'transfer',
        location_id: s.shop.id,
        provider_id: s.mpesa.id,
        reference: 'QK41REAL9',
        lines: [{ product_id: s.bread.id, quantity: 1000 }],
      }),
    ]) {
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().error).toMatchObject({
        code: 'reference_used',
        params: { receipt_no: corrected.json<DebtorPayment>().receipt_no },
      });
    }
  });
});
