import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flag } from '@duka/domain';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { type Shop, buildShop, staffWith } from '../../test/sales-factories.js';
import { received } from '../../test/stock-factories.js';

/**
 * Seed spec §6: "adding_supplier_stock | Add Stock > From supplier, and Suppliers". A supplier
 * receipt (supplier, invoice number, unit costs) is that flag's; GET /api/suppliers/:id/receipts
 * is kept to it, and so is the same receipt read by its id (any stock flag read it).
 */
describe('GET /api/stock/documents/:id: read by the flag of its kind', () => {
  let t: TestApp;
  let s: Shop;
  let receiptId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    const doc = await received(t.app, s.admin, {
      supplier_id: s.supplier,
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 5000, unit_cost: 7_300 }],
    });
    receiptId = doc.id;
  });
  afterAll(() => t.close());

  for (const flag of ['stock_taking', 'adding_stock_negative'] as Flag[]) {
    it(`a ${flag}-only clerk at the same location cannot read a supplier receipt`, async () => {
      const clerk = await staffWith(t.app, s.admin, [flag], { location_ids: [s.shop.id] });
      // the supplier's own receipts list refuses this clerk ...
      const list = await t.app.inject({
        url: `/api/suppliers/${s.supplier}/receipts`,
        headers: { cookie: clerk.cookie },
      });
      expect(list.statusCode).toBe(403);
      // ... so the same receipt by id must be refused too
      const res = await t.app.inject({
        url: `/api/stock/documents/${receiptId}`,
        headers: { cookie: clerk.cookie },
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(404);
    });
  }

  for (const flag of ['adding_supplier_stock', 'manage_stock'] as Flag[])
    it(`a ${flag} clerk at the location reads it`, async () => {
      const clerk = await staffWith(t.app, s.admin, [flag], { location_ids: [s.shop.id] });
      const res = await t.app.inject({
        url: `/api/stock/documents/${receiptId}`,
        headers: { cookie: clerk.cookie },
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.json<{ kind: string }>().kind).toBe('receipt');
    });
});
