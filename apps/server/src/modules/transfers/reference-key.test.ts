import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, payDebtor, postSale, sold } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { queryPlan } from '../../test/query-plan.js';
import { referenceUse } from './transfer-ledger.js';

/**
 * A transfer reference typed with a space ("QA7 TEST001") is the code already brought in
 * ("QA7TEST001"), at the till and at a debtor's payment (ADR 9 "One transfer reference, one
 * form"); the look-up is served by migration 0042's `transfers_reference_key`.
 */
describe('a transfer reference, spaces aside', () => {
  let t: TestApp;
  let s: Shop;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
  });
  afterAll(() => t.close());

  const transferSale = (reference: string) =>
    postSale(t.app, s.admin, {
      kind: 'transfer',
      location_id: s.shop.id,
      provider_id: s.mpesa.id,
      reference,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
    });

  it('refuses a reference taken before, typed with or without spaces, naming its receipt', async () => {
    const first = await sold(t.app, s.admin, {
      kind: 'transfer',
      location_id: s.shop.id,
      provider_id: s.mpesa.id,
      reference: 'qa7test001',
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
    });
    for (const typed of ['QA7 TEST001', ' qa7  test 001 ', 'Q A 7 T E S T 0 0 1']) {
      const again = await transferSale(typed);
      expect(again.statusCode, typed).toBe(409);
      expect(again.json().error).toMatchObject({
        code: 'reference_used',
        field: 'reference',
        params: { receipt_no: first.receipt_no },
      });
    }
    await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: s.debtor.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
    });
    const payment = await payDebtor(t.app, s.admin, s.debtor.id, {
      amount: 1_000,
      method: 'transfer',
      location_id: s.shop.id,
      provider_id: s.mpesa.id,
      reference: 'QA7 TEST001',
    });
    expect(payment.statusCode).toBe(409);
    expect(payment.json().error.code).toBe('reference_used');
  });

  it('takes a reference stored with a space once, whichever way it is typed next', async () => {
    const first = await sold(t.app, s.admin, {
      kind: 'transfer',
      location_id: s.shop.id,
      provider_id: s.mpesa.id,
      reference: 'BANK REF 88',
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
    });
    expect(first.reference).toBe('BANK REF 88');
    const again = await transferSale('BANKREF88');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.params).toEqual({ receipt_no: first.receipt_no });
    // a reference that differs by more than spaces is another one
    expect((await transferSale('BANK REF 89')).statusCode).toBe(201);
  });

  it('looks the reference up by its index on both databases', async () => {
    const compiled = sql<{
      used: string | null;
    }>`select ${referenceUse({ businessId: 'b', providerId: 'p', referenceKey: 'QA7TEST001' })} as used`.compile(
      t.db.kysely,
    );
    expect(await queryPlan(t.db, compiled), compiled.sql).toContain('transfers_reference_key');
  });
});
