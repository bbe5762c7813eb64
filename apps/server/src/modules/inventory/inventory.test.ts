import type { JournalEntry, Location, Product, StockDocument, Supplier } from '@duka/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { statementsOf } from '../../test/statements.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import {
  buildLocation,
  buildProduct,
  buildSupplier,
  newDocId,
  receive,
  received,
} from '../../test/stock-factories.js';

describe('stock documents on the ledger', () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  let store: Location;
  let supplier: Supplier;
  let sugar: Product;
  let rice: Product;
  const post = (url: string, payload: Record<string, unknown>, cookie = admin) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload: { id: newDocId(), ...payload } });
  const level = async (productId: string, locationId: string) => {
    const p = (
      await t.app.inject({ url: `/api/products/${productId}`, headers: { cookie: admin } })
    ).json<Product>();
    return p.levels.find((l) => l.location_id === locationId)?.quantity ?? 0;
  };
  const avgCost = async (productId: string) =>
    (await t.app.inject({ url: `/api/products/${productId}`, headers: { cookie: admin } })).json<Product>()
      .avg_cost;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    store = await buildLocation(t.app, admin, 'Store room');
    supplier = await buildSupplier(t.app, admin);
    sugar = await buildProduct(t.app, admin, {
      name: 'Sugar 1 kg',
      code: 'SUG1',
      unit: 'each',
      price: 18_000,
    });
    rice = await buildProduct(t.app, admin, { name: 'Rice loose', code: 'RICE', unit: 'kg', price: 15_000 });
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('receives from a supplier, moving the weighted average cost', async () => {
    const doc = await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [
        { product_id: sugar.id, quantity: 10_000, unit_cost: 15_000 },
        { product_id: rice.id, quantity: 2_500, unit_cost: 12_000 },
      ],
    });
    expect(doc).toMatchObject({ kind: 'receipt', supplier_id: supplier.id, total_cost: 150_000 + 30_000 });
    expect(await level(sugar.id, shop.id)).toBe(10_000);
    expect(await avgCost(sugar.id)).toBe(15_000);
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: store.id,
      lines: [{ product_id: sugar.id, quantity: 10_000, unit_cost: 16_000 }],
    });
    expect(await avgCost(sugar.id)).toBe(15_500);
    const journal = (
      await t.app.inject({ url: '/api/journal?action=stock.receipt', headers: { cookie: admin } })
    ).json<JournalEntry[]>();
    expect(journal).toHaveLength(2);
    // an inactive supplier delivers nothing, as an inactive product or location takes nothing
    const gone = await buildSupplier(t.app, admin, 'Gone Ltd');
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/suppliers/${gone.id}`,
      headers: { cookie: admin },
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await post('/api/stock/receipts', {
      supplier_id: gone.id,
      location_id: shop.id,
      lines: [{ product_id: sugar.id, quantity: 1_000, unit_cost: 15_000 }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'validation_failed', field: 'supplier_id' });
    expect(await level(sugar.id, shop.id)).toBe(10_000);
  });

  it('adjusts both ways with a reason from the list, at the average cost', async () => {
    const neg = await post('/api/stock/negative', {
      location_id: shop.id,
      reason: 'damaged',
      note: 'Wet bags',
      lines: [{ product_id: sugar.id, quantity: 2_000 }],
    });
    expect(neg.statusCode).toBe(201);
    expect(neg.json<StockDocument>().lines[0]).toMatchObject({ quantity: 2_000, unit_cost: 15_500 });
    expect(await level(sugar.id, shop.id)).toBe(8_000);
    const pos = await post('/api/stock/positive', {
      location_id: shop.id,
      reason: 'found',
      lines: [{ product_id: sugar.id, quantity: 1_000 }],
    });
    expect(pos.statusCode).toBe(201);
    expect(await level(sugar.id, shop.id)).toBe(9_000);
    const wrong = await post('/api/stock/positive', {
      location_id: shop.id,
      reason: 'damaged',
      lines: [{ product_id: sugar.id, quantity: 1_000 }],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.field).toBe('reason');
  });

  it('transfers between two different locations', async () => {
    const res = await post('/api/stock/transfers', {
      from_location_id: store.id,
      to_location_id: shop.id,
      lines: [{ product_id: sugar.id, quantity: 4_000 }],
    });
    expect(res.statusCode).toBe(201);
    expect(await level(sugar.id, store.id)).toBe(6_000);
    expect(await level(sugar.id, shop.id)).toBe(13_000);
    const same = await post('/api/stock/transfers', {
      from_location_id: shop.id,
      to_location_id: shop.id,
      lines: [{ product_id: sugar.id, quantity: 1 }],
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().error.field).toBe('to_location_id');
  });

  it('never takes a location below zero, and writes nothing when refused', async () => {
    const before = await t.db.kysely.selectFrom('stock_movements').select('id').execute();
    const res = await post('/api/stock/negative', {
      location_id: shop.id,
      reason: 'lost_or_stolen',
      lines: [
        { product_id: rice.id, quantity: 1_000 },
        { product_id: sugar.id, quantity: 14_000 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('insufficient_stock');
    expect(res.json().error.message).toContain('Sugar 1 kg');
    // what the message names, for the web to word it in the user's language
    expect(res.json().error.params).toEqual({ product_id: sugar.id, name: 'Sugar 1 kg', on_hand: 13_000 });
    expect(await t.db.kysely.selectFrom('stock_movements').select('id').execute()).toHaveLength(
      before.length,
    );
    expect(await level(rice.id, shop.id)).toBe(2_500);
  });

  it('refuses a line or a document worth more than the largest sale, writing nothing (the stock report stays readable)', async () => {
    const before = await t.db.kysely.selectFrom('stock_documents').select('id').execute();
    // a billion units at 100,000.00: a typo, 1e16 minor units
    const typo = await post('/api/stock/receipts', {
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [
        { product_id: rice.id, quantity: 1_000, unit_cost: 100 },
        { product_id: sugar.id, quantity: 1e12, unit_cost: 10_000_000 },
      ],
    });
    expect(typo.statusCode).toBe(422);
    expect(typo.json().error).toMatchObject({ code: 'amount_too_large', field: 'lines.1.quantity' });
    // each line within the limit, the two together above it
    const whole = await post('/api/stock/receipts', {
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [
        { product_id: rice.id, quantity: 1e9, unit_cost: 6_000_000 },
        { product_id: sugar.id, quantity: 1e9, unit_cost: 6_000_000 },
      ],
    });
    expect(whole.statusCode).toBe(422);
    expect(whole.json().error).toMatchObject({ code: 'amount_too_large', field: 'lines' });
    expect(await t.db.kysely.selectFrom('stock_documents').select('id').execute()).toHaveLength(
      before.length,
    );
    const today = new Date().toISOString().slice(0, 10);
    const report = await t.app.inject({
      url: `/api/reports/stock?from=${today}&to=${today}`,
      headers: { cookie: admin },
    });
    expect(report.statusCode).toBe(200);
  });

  it('moves the levels and writes the movements in one statement on PostgreSQL (one round trip), two on SQLite', async () => {
    const { texts, result: res } = await statementsOf(t.db, () =>
      post('/api/stock/positive', {
        location_id: store.id,
        reason: 'found',
        lines: [
          { product_id: rice.id, quantity: 1_000 },
          { product_id: sugar.id, quantity: 2_000 },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const writes = texts.filter(
      (text) => /stock_(levels|movements)/.test(text) && /^\s*(insert|with)/i.test(text),
    );
    expect(writes).toHaveLength(t.db.dialect === 'postgres' ? 1 : 2);
  });

  it('answers each kind of document as it reads it back, without reading it back (one insert on PostgreSQL)', async () => {
    for (const [url, payload] of [
      [
        '/api/stock/receipts',
        {
          supplier_id: supplier.id,
          location_id: store.id,
          invoice_number: 'INV-77',
          invoice_date: '2026-11-30',
          note: 'Two lines',
          lines: [
            { product_id: rice.id, quantity: 3_000, unit_cost: 11_000 },
            { product_id: sugar.id, quantity: 1_000, unit_cost: 16_000 },
          ],
        },
      ],
      [
        '/api/stock/negative',
        { location_id: store.id, reason: 'damaged', lines: [{ product_id: sugar.id, quantity: 1_000 }] },
      ],
      [
        '/api/stock/transfers',
        {
          from_location_id: store.id,
          to_location_id: shop.id,
          lines: [
            { product_id: sugar.id, quantity: 1_000 },
            { product_id: rice.id, quantity: 1_000 },
          ],
        },
      ],
    ] as const) {
      const { texts, result: res } = await statementsOf(t.db, () => post(url, payload));
      expect(res.statusCode, res.body).toBe(201);
      const doc = res.json<StockDocument>();
      const read = await t.app.inject({ url: `/api/stock/documents/${doc.id}`, headers: { cookie: admin } });
      expect(doc, url).toEqual(read.json());
      expect(doc.lines.map((l) => l.product_name).sort(), url).toEqual(
        [sugar.name, rice.name].slice(0, doc.lines.length).sort(),
      );
      // the replay check only (on PostgreSQL a part of the document's one read)
      const readBack = texts.filter((text) => /^\s*select .*"stock_document(s|_lines)"/i.test(text));
      expect(readBack, url).toEqual([expect.stringMatching(/"request_hash"/)]);
      const inserts = texts.filter((text) => /insert into "stock_document(s|_lines)"/i.test(text));
      expect(inserts, url).toHaveLength(t.db.dialect === 'postgres' ? 1 : 2);
      // the negative-stock setting comes with the business's lock (kept on SQLite), not read again
      const setting = texts.filter((text) => /"allow_negative_stock"/.test(text));
      expect(setting.length, url).toBeLessThanOrEqual(1);
      if (t.db.dialect === 'postgres') expect(setting[0], url).toMatch(/for update/);
    }
  });

  it('lets only one of two requests at once take the last units', async () => {
    const onHand = await level(rice.id, shop.id);
    const take = () =>
      post('/api/stock/negative', {
        location_id: shop.id,
        reason: 'own_use',
        lines: [{ product_id: rice.id, quantity: onHand }],
      });
    const results = await Promise.all([take(), take(), take()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await level(rice.id, shop.id)).toBe(0);
  });

  it('allows negative stock when the business says so', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: { allow_negative_stock: true },
    });
    const res = await post('/api/stock/negative', {
      location_id: shop.id,
      reason: 'correction',
      lines: [{ product_id: rice.id, quantity: 500 }],
    });
    expect(res.statusCode).toBe(201);
    expect(await level(rice.id, shop.id)).toBe(-500);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: { allow_negative_stock: false },
    });
    // A receipt on stock below zero takes the new cost.
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [{ product_id: rice.id, quantity: 500, unit_cost: 13_000 }],
    });
  });

  it('is idempotent by the document id: the same content returns the first result, other content 409', async () => {
    const id = newDocId();
    const body = {
      id,
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [{ product_id: sugar.id, quantity: 1_000, unit_cost: 15_000 }],
    };
    const first = await receive(t.app, admin, body);
    const again = await receive(t.app, admin, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const moves = await t.db.kysely
      .selectFrom('stock_movements')
      .select('id')
      .where('doc_id', '=', id)
      .execute();
    expect(moves).toHaveLength(1);
    const other = await receive(t.app, admin, {
      ...body,
      lines: [{ product_id: sugar.id, quantity: 2_000, unit_cost: 15_000 }],
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_conflict');
  });

  it.each([
    ['a zero quantity', { lines: [{ product_id: 'SUGAR', quantity: 0, unit_cost: 1 }] }, 'lines.0.quantity'],
    [
      'a negative quantity',
      { lines: [{ product_id: 'SUGAR', quantity: -5, unit_cost: 1 }] },
      'lines.0.quantity',
    ],
    [
      'a fractional thousandth',
      { lines: [{ product_id: 'SUGAR', quantity: 1.5, unit_cost: 1 }] },
      'lines.0.quantity',
    ],
    ['no lines', { lines: [] }, 'lines'],
    [
      'an unknown product',
      { lines: [{ product_id: '01a20000-0000-7000-8000-000000000000', quantity: 1, unit_cost: 1 }] },
      'lines.0.product_id',
    ],
    ['an unknown supplier', { supplier_id: '01a20000-0000-7000-8000-000000000000' }, 'supplier_id'],
  ])('refuses %s with 422 naming the field', async (_what, override, field) => {
    const lines = (override as { lines?: { product_id: string }[] }).lines?.map((l) => ({
      ...l,
      product_id: l.product_id === 'SUGAR' ? sugar.id : l.product_id,
    }));
    const res = await receive(t.app, admin, {
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [{ product_id: sugar.id, quantity: 1_000, unit_cost: 1 }],
      ...override,
      ...(lines ? { lines: lines as never } : {}),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.field).toBe(field);
  });

  it('refuses an inactive product', async () => {
    const old = await buildProduct(t.app, admin, { active: false });
    const res = await post('/api/stock/positive', {
      location_id: shop.id,
      reason: 'found',
      lines: [{ product_id: old.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toContain('inactive');
  });

  it('keeps staff to their flags and their locations', async () => {
    const clerk = await buildUser(t.app, admin, {
      user_roles: { adding_stock_positive: 1, adding_interlocation: 1 },
      location_ids: [shop.id],
    });
    const s = (await signIn(t.app, clerk.username, STAFF_PASSWORD)).cookie;
    expect(
      (
        await post(
          '/api/stock/positive',
          { location_id: shop.id, reason: 'found', lines: [{ product_id: sugar.id, quantity: 1_000 }] },
          s,
        )
      ).statusCode,
    ).toBe(201);
    const elsewhere = await post(
      '/api/stock/positive',
      { location_id: store.id, reason: 'found', lines: [{ product_id: sugar.id, quantity: 1 }] },
      s,
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.code).toBe('location_not_allowed');
    const transfer = await post(
      '/api/stock/transfers',
      { from_location_id: shop.id, to_location_id: store.id, lines: [{ product_id: sugar.id, quantity: 1 }] },
      s,
    );
    expect(transfer.statusCode).toBe(403);
    expect(
      (
        await post(
          '/api/stock/negative',
          { location_id: shop.id, reason: 'damaged', lines: [{ product_id: sugar.id, quantity: 1 }] },
          s,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await receive(t.app, s, {
          supplier_id: supplier.id,
          location_id: shop.id,
          lines: [{ product_id: sugar.id, quantity: 1, unit_cost: 1 }],
        })
      ).statusCode,
    ).toBe(403);
  });
});
