import type { LightMyRequestResponse } from 'fastify';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sold } from '../test/sales-factories.js';
import { type Tenant, buildTenant } from '../test/tenancy-factories.js';
import { type TestApp, buildTestApp } from '../test/test-app.js';

type Body = Record<string, unknown>;

/**
 * Two businesses creating a record with one id at the same moment (lib/idempotency.ts
 * `storedUnder`; same-id-two-businesses.test.ts: the reads with such a twin). On
 * PostgreSQL a business table's key holds the business, and neither create sees the other's row
 * before it commits, so both are made; a retry then found either row by its id, and the business
 * whose row came second got a 409 for its own write. On SQLite the two run one after the other
 * and the second is a clean 409. Either way, a retry answers what its first request was answered.
 */
describe('one id created by two businesses at once', () => {
  let t: TestApp;
  let x: Tenant;
  let y: Tenant;
  beforeAll(async () => {
    t = await buildTestApp({ mode: 'hosted' });
    x = await buildTenant(t, 'Xray');
    y = await buildTenant(t, 'Yank');
  });
  afterAll(() => t.close());

  const product = (z: Tenant) => z.ids.products![0]!;
  const line = (z: Tenant) => [{ product_id: product(z), quantity: 1000 }];
  /** Each write as each business's admin sends it: its url and body for this id. */
  const WRITES: Record<
    string,
    (z: Tenant, id: string) => { url: string; body: Body } | Promise<{ url: string; body: Body }>
  > = {
    supplier: (_z, id) => ({ url: '/api/suppliers', body: { id, name: `Race ${id.slice(-6)}` } }),
    debtor: (_z, id) => ({ url: '/api/debtors', body: { id, name: `Race ${id.slice(-6)}` } }),
    sale: (z, id) => ({
      url: '/api/sales',
      body: { id, kind: 'cash', location_id: z.main.id, lines: line(z), tendered: 50_000 },
    }),
    reversal: async (z, id) => {
      const sale = await sold(t.app, z.admin, {
        kind: 'cash',
        location_id: z.main.id,
        lines: line(z),
        tendered: 50_000,
      });
      return { url: `/api/sales/${sale.id}/reversals`, body: { id, reason: 'Wrong item' } };
    },
    location: (_z, id) => ({ url: '/api/locations', body: { id, name: `Race ${id.slice(-6)}` } }),
    product: (_z, id) => ({
      url: '/api/products',
      body: { id, name: `Race ${id.slice(-6)}`, code: id.slice(-8), price: 900 },
    }),
    provider: (_z, id) => ({
      url: '/api/payment-providers',
      body: { id, name: `Race ${id.slice(-6)}`, kind: 'bank' },
    }),
    category: (_z, id) => ({ url: '/api/expense-categories', body: { id, name: `Race ${id.slice(-6)}` } }),
    expense: (z, id) => ({
      url: '/api/expenses',
      body: {
        id,
        date: z.day,
        category_id: z.ids.expense_categories![0]!,
        amount: 300,
        method: 'cash',
        location_id: z.main.id,
      },
    }),
    payment: (z, id) => ({
      url: `/api/debtors/${z.ids.debtors![0]!}/payments`,
      body: { id, amount: 100, method: 'cash', location_id: z.main.id },
    }),
    receipt: (z, id) => ({
      url: '/api/stock/receipts',
      body: {
        id,
        supplier_id: z.ids.suppliers![0]!,
        location_id: z.main.id,
        lines: [{ product_id: product(z), quantity: 2000, unit_cost: 4_000 }],
      },
    }),
  };

  const answer = (r: LightMyRequestResponse) => ({ status: r.statusCode, body: r.json<unknown>() });

  it.each(Object.keys(WRITES))(
    '%s: each retry answers what its business was answered first',
    async (kind) => {
      // a few rounds: the two requests meet inside each other's transaction in most of them
      for (let round = 0; round < 4; round++) {
        const id = v7();
        const asked = await Promise.all([x, y].map(async (z) => ({ z, ...(await WRITES[kind]!(z, id)) })));
        const send = () =>
          Promise.all(
            asked.map(({ z, url, body }) =>
              t.app.inject({
                method: 'POST',
                url,
                headers: { cookie: z.admin },
                payload: structuredClone(body),
              }),
            ),
          );
        const first = await send();
        expect(
          first.some((r) => r.statusCode < 300),
          first.map((r) => r.body).join('\n'),
        ).toBe(true);
        for (const r of first) {
          if (r.statusCode >= 300) expect(r.json().error.code, r.body).toBe('idempotency_conflict');
        }
        const again = await send();
        expect(again.map(answer)).toEqual(first.map(answer));
      }
    },
  );
});
