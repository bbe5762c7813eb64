import type { DebtorPayment } from '@duka/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { type Shop, buildShop, paid, sold } from '../../test/sales-factories.js';
import { statementsOf as recorded } from '../../test/statements.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * Issue 21: on PostgreSQL every statement is a round trip, so a debtor's payment reads under its
 * business's lock in one statement (its id's earlier use, the debtor, the location, a transfer's
 * provider with the reference's earlier use, and the receipt number) and writes in one (the
 * balance and its entry, the payment, a transfer's row in the register with their totals, the
 * journal's entry): with the lock and `commit`, four round trips, as a sale. Its answer is made of
 * what it read and wrote, the same as a later read of it.
 */
describe('the round trips of a debtor payment', () => {
  let t: TestApp;
  let s: Shop;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    await sold(t.app, s.admin, {
      kind: 'debtor',
      debtor_id: s.debtor.id,
      lines: [{ product_id: s.sugar.id, quantity: 4000 }],
    });
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  const pay = (body: Record<string, unknown>) =>
    recorded(t.db, () =>
      paid(t.app, s.admin, s.debtor.id, { amount: 1_000, location_id: s.shop.id, ...body }),
    );
  const naming = (texts: string[], pattern: RegExp) => texts.filter((text) => pattern.test(text));
  const later = async (id: string) =>
    (
      await t.app.inject({ url: `/api/debtor-payments/${id}`, headers: { cookie: s.admin } })
    ).json<DebtorPayment>();

  it('in cash and by transfer: four round trips on PostgreSQL, the answer a later read gives', async () => {
    await pay({ method: 'cash' }); // the series' counter is made by the first
    for (const body of [
      { method: 'cash' },
      { method: 'transfer', provider_id: s.mpesa.id, reference: 'PAY-ROUND-1' },
    ]) {
      const { texts, result } = await pay(body);
      expect(await later(result.id)).toEqual(result);
      expect(result.balance_after).toBe(
        Number(
          (
            await t.db.kysely
              .selectFrom('debtors')
              .select('balance')
              .where('id', '=', s.debtor.id)
              .executeTakeFirstOrThrow()
          ).balance,
        ),
      );
      const [write] = naming(texts, /insert into "debtor_payments"/i);
      expect(write).toBeDefined();
      if (t.db.dialect !== 'postgres') continue;
      const [reads] = naming(texts, /^with "bumped"/i);
      for (const table of ['debtor_payments', 'debtors', 'locations', 'receipt_counters'])
        expect(reads, body.method).toContain(`"${table}"`);
      expect(write).toMatch(/update "debtors"/);
      expect(write).toContain('insert into "debtor_entries"');
      expect(write).toMatch(/insert into "?journal\b/i);
      if (body.method === 'transfer') {
        expect(reads).toContain('from "payment_providers"');
        expect(write).toContain('insert into "transfers"');
        expect(write).toContain('insert into "transfer_totals"');
      }
      const trips = texts.filter((text) => !/"sessions"/.test(text));
      expect(trips, body.method).toHaveLength(4);
      expect(trips[0]).toMatch(/from "businesses" .* for update/);
      expect(trips.slice(1, 3)).toEqual([reads, write]);
    }
  });

  // Last: it takes the business's journal away.
  it("a business's first journal entry made by a payment: the counter is made, the entry is 1", async () => {
    const { business_id: businessId } = await t.db.kysely
      .selectFrom('debtors')
      .select('business_id')
      .where('id', '=', s.debtor.id)
      .executeTakeFirstOrThrow();
    await t.db.kysely.deleteFrom('journal').where('business_id', '=', businessId).execute();
    await t.db.kysely.deleteFrom('journal_counters').where('business_id', '=', businessId).execute();
    const { result } = await pay({ method: 'cash' });
    const entries = await t.db.kysely
      .selectFrom('journal')
      .select(['seq', 'doc_id', 'action'])
      .where('business_id', '=', businessId)
      .execute();
    expect(entries.map((e) => ({ ...e, seq: Number(e.seq) }))).toEqual([
      { seq: 1, doc_id: result.id, action: 'debtor.payment_cash' },
    ]);
  });
});
