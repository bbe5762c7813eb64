import type { FastifyInstance } from 'fastify';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debtorInCredit, sold } from '../test/sales-factories.js';
import type { JsonSchema } from '../test/schema-sample.js';
import { type Tenant, buildTenant } from '../test/tenancy-factories.js';
import { type TestApp, buildTestApp } from '../test/test-app.js';

/**
 * One contract for every write that takes its client's id (lib/idempotency.ts): the same id with
 * the same content answers the first result and writes nothing more; the same id with other
 * content is a 409 `idempotency_conflict`. Which routes take an id comes from the OpenAPI
 * document, so a new one fails this test until it is listed here.
 */

type Body = Record<string, unknown>;
type Req = { url: string; body: Body };
type Shop = Tenant & { app: FastifyInstance };

interface Write {
  /** A fresh request of this kind (its own new ids), as the admin of `x` may send it. */
  make: (x: Shop, id: string) => Req | Promise<Req>;
  /** The same request with other content. */
  change: (body: Body) => Body;
}

const product = (x: Tenant) => x.ids.products![0]!;
const line = (x: Tenant) => [{ product_id: product(x), quantity: 1000 }];
const branch = (x: Tenant) => x.ids.locations!.find((l) => l !== x.main.id)!;

const WRITES: Record<string, Write> = {
  'POST /api/products': {
    make: (_x, id) => ({
      url: '/api/products',
      body: { id, name: 'Idem Salt', code: id.slice(-8), price: 900 },
    }),
    change: (b) => ({ ...b, price: 950 }),
  },
  'POST /api/suppliers': {
    make: (_x, id) => ({ url: '/api/suppliers', body: { id, name: `Idem Supplier ${id.slice(-6)}` } }),
    change: (b) => ({ ...b, phone: '0700000001' }),
  },
  'POST /api/locations': {
    make: (_x, id) => ({ url: '/api/locations', body: { id, name: `Idem Room ${id.slice(-6)}` } }),
    change: (b) => ({ ...b, name: `${String(b.name)} 2` }),
  },
  'POST /api/stock/receipts': {
    make: (x, id) => ({
      url: '/api/stock/receipts',
      body: {
        id,
        supplier_id: x.ids.suppliers![0]!,
        location_id: x.main.id,
        lines: [{ product_id: product(x), quantity: 2000, unit_cost: 4_000 }],
      },
    }),
    change: (b) => ({ ...b, invoice_number: 'INV-2' }),
  },
  'POST /api/stock/positive': {
    make: (x, id) => ({
      url: '/api/stock/positive',
      body: {
        id,
        location_id: x.main.id,
        reason: 'found',
        lines: [{ product_id: product(x), quantity: 1000 }],
      },
    }),
    change: (b) => ({ ...b, note: 'other' }),
  },
  'POST /api/stock/negative': {
    make: (x, id) => ({
      url: '/api/stock/negative',
      body: {
        id,
        location_id: x.main.id,
        reason: 'damaged',
        lines: [{ product_id: product(x), quantity: 1000 }],
      },
    }),
    change: (b) => ({ ...b, note: 'other' }),
  },
  'POST /api/stock/transfers': {
    make: (x, id) => ({
      url: '/api/stock/transfers',
      body: { id, from_location_id: x.main.id, to_location_id: branch(x), lines: line(x) },
    }),
    change: (b) => ({ ...b, note: 'other' }),
  },
  'POST /api/stock-counts': {
    make: (x, id) => ({
      url: '/api/stock-counts',
      body: { id, location_id: x.main.id, freeze_sales: false },
    }),
    change: (b) => ({ ...b, note: 'other' }),
  },
  'POST /api/stock-counts/{id}/entries': {
    make: (x, id) => ({
      url: `/api/stock-counts/${x.ids.stock_counts![0]!}/entries`,
      body: { id, product_id: product(x), quantity: 1000 },
    }),
    change: (b) => ({ ...b, quantity: 2000 }),
  },
  'POST /api/sales': {
    make: (x, id) => ({
      url: '/api/sales',
      body: { id, kind: 'cash', location_id: x.main.id, lines: line(x), tendered: 50_000 },
    }),
    change: (b) => ({ ...b, tendered: 60_000 }),
  },
  'POST /api/sales/{id}/reversals': {
    make: async (x, id) => {
      const sale = await sold(x.app, x.admin, {
        kind: 'cash',
        location_id: x.main.id,
        lines: line(x),
        tendered: 50_000,
      });
      return { url: `/api/sales/${sale.id}/reversals`, body: { id, reason: 'Wrong item' } };
    },
    change: (b) => ({ ...b, reason: 'Other reason' }),
  },
  'POST /api/debtors': {
    make: (_x, id) => ({ url: '/api/debtors', body: { id, name: 'Idem Debtor', credit_limit: 5_000 } }),
    change: (b) => ({ ...b, phone: '0700000002' }),
  },
  'POST /api/debtors/{id}/payments': {
    make: (x, id) => ({
      url: `/api/debtors/${x.ids.debtors![0]!}/payments`,
      body: { id, amount: 100, method: 'cash', location_id: x.main.id },
    }),
    change: (b) => ({ ...b, amount: 200 }),
  },
  'POST /api/debtors/{id}/payments/{paymentId}/void': {
    make: async (x, id) => {
      const debtorId = x.ids.debtors![0]!;
      const made = await x.app.inject({
        method: 'POST',
        url: `/api/debtors/${debtorId}/payments`,
        headers: { cookie: x.admin },
        payload: { id: v7(), amount: 100, method: 'cash', location_id: x.main.id },
      });
      const paymentId = made.json<{ id: string }>().id;
      return { url: `/api/debtors/${debtorId}/payments/${paymentId}/void`, body: { id, reason: 'Typo' } };
    },
    change: (b) => ({ ...b, reason: 'Other' }),
  },
  'POST /api/debtors/{id}/payouts': {
    make: async (x, id) => {
      const { debtor } = await debtorInCredit(x.app, x.admin, {
        name: `Idem Credit ${id.slice(-6)}`,
        location_id: x.main.id,
        product_id: product(x),
      });
      return { url: `/api/debtors/${debtor.id}/payouts`, body: { id, amount: 100, reason: 'Back' } };
    },
    change: (b) => ({ ...b, amount: 200 }),
  },
  'POST /api/payment-providers': {
    make: (_x, id) => ({
      url: '/api/payment-providers',
      body: { id, name: `Idem Pay ${id.slice(-6)}`, kind: 'bank' },
    }),
    change: (b) => ({ ...b, kind: 'mobile_money' }),
  },
  'POST /api/expense-categories': {
    make: (_x, id) => ({
      url: '/api/expense-categories',
      body: { id, name: `Idem Fuel ${id.slice(-6)}` },
    }),
    change: (b) => ({ ...b, name: `${String(b.name)} 2` }),
  },
  'POST /api/expenses': {
    make: (x, id) => ({
      url: '/api/expenses',
      body: {
        id,
        date: x.day,
        category_id: x.ids.expense_categories![0]!,
        amount: 300,
        method: 'cash',
        location_id: x.main.id,
      },
    }),
    change: (b) => ({ ...b, amount: 301 }),
  },
  'POST /api/expenses/{id}/void': {
    make: async (x, id) => {
      const made = await x.app.inject({
        method: 'POST',
        url: '/api/expenses',
        headers: { cookie: x.admin },
        payload: {
          id: v7(),
          date: x.day,
          category_id: x.ids.expense_categories![0]!,
          amount: 300,
          method: 'cash',
          location_id: x.main.id,
        },
      });
      return { url: `/api/expenses/${made.json<{ id: string }>().id}/void`, body: { id, reason: 'Typo' } };
    },
    change: (b) => ({ ...b, reason: 'Other' }),
  },
  'POST /api/daily-sales/close': {
    make: (x, id) => ({
      url: '/api/daily-sales/close',
      body: { id, location_id: branch(x), day: x.day, counted_cash: 0 },
    }),
    change: (b) => ({ ...b, counted_cash: 10 }),
  },
};

/** The writes whose rows record the user who made them (`OwnedTable` in lib/idempotency.ts). */
const OWNED_BY_USER = new Set([
  'POST /api/stock/receipts',
  'POST /api/stock/positive',
  'POST /api/stock/negative',
  'POST /api/stock/transfers',
  'POST /api/stock-counts/{id}/entries',
  'POST /api/sales',
  'POST /api/sales/{id}/reversals',
  'POST /api/debtors/{id}/payments',
  'POST /api/expenses',
  'POST /api/expenses/{id}/void',
  'POST /api/daily-sales/close',
]);

/**
 * The writes whose documents share child rows by their id (stock movements, debtor entries,
 * transfers; SHARED_IDS in lib/idempotency.ts): one id names one of them in a business.
 */
const SHARED_ID = [
  'POST /api/stock/receipts',
  'POST /api/stock/positive',
  'POST /api/stock/negative',
  'POST /api/stock/transfers',
  'POST /api/stock-counts',
  'POST /api/sales',
  'POST /api/sales/{id}/reversals',
  'POST /api/debtors/{id}/payments',
  'POST /api/debtors/{id}/payments/{paymentId}/void',
  'POST /api/debtors/{id}/payouts',
];

/** The writes `staffAll` may not send (the debtor's because it sets a credit limit). */
const ADMIN_ONLY = new Set([
  'POST /api/locations',
  'POST /api/debtors',
  'POST /api/debtors/{id}/payments/{paymentId}/void',
  'POST /api/debtors/{id}/payouts',
  'POST /api/payment-providers',
  'POST /api/expense-categories',
]);

/** Properties of a body schema, through `anyOf`/`oneOf`/`allOf` as the OpenAPI renders them. */
function propertiesOf(s: JsonSchema | undefined): string[] {
  if (!s) return [];
  const parts = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
  return parts.flatMap((p) => (p === s ? Object.keys(p.properties ?? {}) : propertiesOf(p)));
}

describe('idempotency: every write that takes an id', () => {
  let t: TestApp;
  let x: Shop;
  let twin: Shop | undefined;
  let other: Shop | undefined;
  let shared: Shop | undefined;

  beforeAll(async () => {
    t = await buildTestApp();
    x = { ...(await buildTenant(t, 'Idem')), app: t.app };
  }, 120_000);
  afterAll(() => t.close());

  const send = (url: string, body: Body) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: x.admin, 'x-device-id': 'Idem-TILL' },
      payload: body,
    });
  const journalRows = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('journal')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('business_id', '=', x.businessId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lists every route whose body takes an id', () => {
    const doc = t.app.swagger() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
      >;
    };
    const taking = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => propertiesOf(op.requestBody?.content['application/json']?.schema).includes('id'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(taking.sort()).toEqual(Object.keys(WRITES).sort());
  });

  it.each(Object.entries(WRITES))(
    '%s: a retry answers the first result; other content is a 409',
    async (_, w) => {
      const id = v7();
      const { url, body } = await w.make(x, id);
      const first = await send(url, body);
      expect(first.statusCode, first.body).toBeLessThan(300);
      const written = await journalRows();

      const again = await send(url, structuredClone(body));
      expect(again.statusCode, again.body).toBe(first.statusCode);
      expect(again.json()).toEqual(first.json());
      expect(await journalRows()).toBe(written);

      const other = await send(url, w.change(structuredClone(body)));
      expect(other.statusCode, other.body).toBe(409);
      expect(other.json<{ error: { code: string } }>().error.code).toBe('idempotency_conflict');
      expect(await journalRows()).toBe(written);
    },
  );

  // A write whose row records its user (lib/idempotency.ts `OwnedTable`) is answered again only to
  // that user: another user of the business, limited to other locations or without the right to
  // read it, sending the same request got the first one's receipt, payment or document back
  // without a check of their own. Master data (a product, a debtor) is the business's, whoever
  // sends it again. A business of its own: the writes above already closed the day.
  it.each(Object.entries(WRITES))(
    '%s: the same request from another user of the business',
    async (route, w) => {
      const z = other ?? (other = { ...(await buildTenant(t, 'Other')), app: t.app });
      const { url, body } = await w.make(z, v7());
      const sendBy = (cookie: string) =>
        t.app.inject({ method: 'POST', url, headers: { cookie }, payload: structuredClone(body) });
      const first = await sendBy(z.admin);
      expect(first.statusCode, first.body).toBeLessThan(300);
      const again = await sendBy(z.staffAll);
      if (OWNED_BY_USER.has(route)) {
        expect(again.statusCode, again.body).toBe(409);
        expect(again.json<{ error: { code: string } }>().error.code).toBe('idempotency_conflict');
        // the user who sent it still gets its first answer
        const mine = await sendBy(z.admin);
        expect(mine.statusCode, mine.body).toBe(first.statusCode);
        expect(mine.json()).toEqual(first.json());
      } else if (ADMIN_ONLY.has(route)) {
        // the right to send it is checked before the id is looked up
        expect(again.statusCode, again.body).toBe(403);
        expect(again.json<{ error: { code: string } }>().error.code).toBe('forbidden');
      } else {
        expect(again.statusCode, again.body).toBe(first.statusCode);
        expect(again.json()).toEqual(first.json());
      }
    },
  );

  // A sale made under a stock receipt's id carried the receipt's movements to every server it
  // synced to, and was set aside there (the hostile-request audit): the id is another document's.
  it.each(SHARED_ID)('%s: an id another kind of document holds is a 409', async (route) => {
    const y = shared ?? (shared = { ...(await buildTenant(t, 'Shared')), app: t.app });
    const id = v7();
    const holder = WRITES[route === 'POST /api/sales' ? 'POST /api/stock/positive' : 'POST /api/sales']!;
    const held = await holder.make(y, id);
    const as = (r: Req) =>
      t.app.inject({ method: 'POST', url: r.url, headers: { cookie: y.admin }, payload: r.body });
    const first = await as(held);
    expect(first.statusCode, first.body).toBeLessThan(300);
    const res = await as(await WRITES[route]!.make(y, id));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('idempotency_conflict');
    // the first document's answer is still its own
    const again = await as(held);
    expect(again.json()).toEqual(first.json());
  });

  // A client that timed out sends again while the first is still running: on PostgreSQL both
  // transactions ran at once, neither saw the other's row, and the second met the key as a 409.
  // A business of its own: the writes above already hold the open count and the closed day.
  it.each(Object.entries(WRITES))(
    '%s: the same request twice at once answers the same twice',
    async (_, w) => {
      const y = twin ?? (twin = { ...(await buildTenant(t, 'Twin')), app: t.app });
      const { url, body } = await w.make(y, v7());
      const sendAs = (b: Body) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { cookie: y.admin, 'x-device-id': 'Twin-TILL' },
          payload: b,
        });
      const [a, b] = await Promise.all([sendAs(body), sendAs(structuredClone(body))]);
      expect(a.statusCode, a.body).toBeLessThan(300);
      expect(b.statusCode, b.body).toBe(a.statusCode);
      expect(b.json()).toEqual(a.json());
    },
  );
});
