import type { SalesReport, StockReport } from '@duka/domain';
import { dayStart } from '@duka/domain';
import { v7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { type Server, call, docsOf, send, useTwoServers } from '../../test/two-servers.js';

/**
 * A sale made 1 ms before Kiritimati's midnight on A reaches B, whose clock is days later; with it a
 * supplier receipt of the same instant. Their stock movements' business day (migration 0038) does
 * not travel (the documents are as they were): B gives the sale's movement its sale's day and the
 * receipt's the day of its instant in the business's zone, and B's stock report keeps them there
 * after B's zone changes.
 */
describe('sync: a sale keeps the business day it was recorded on', () => {
  const servers = useTwoServers();

  it("B's sale row, sales report and stock report say the day A recorded", async () => {
    const { a, b, businessId } = servers();
    const tz = 'Pacific/Kiritimati';
    await call(a, 'PATCH', '/api/business/profile', { timezone: tz, allow_negative_stock: true });
    const [shop] = (await call(a, 'GET', '/api/locations')) as { id: string }[];
    const productId = v7();
    await call(a, 'POST', '/api/products', { id: productId, name: 'Salt', code: 'SLT', price: 5_000 });
    const midnight = dayStart('2026-05-22', tz);
    a.app.clock.advance(midnight - 1 - a.app.clock.now().getTime());
    b.app.clock.advance(midnight + 3 * 86_400_000 - b.app.clock.now().getTime());
    const sale = (await call(a, 'POST', '/api/sales', {
      id: v7(),
      kind: 'cash',
      location_id: shop!.id,
      lines: [{ product_id: productId, quantity: 1_000 }],
      tendered: 5_000,
    })) as { business_day: string };
    expect(sale.business_day).toBe('2026-05-21');
    const supplier = (await call(a, 'POST', '/api/suppliers', { name: 'Salt Co' })) as { id: string };
    const receipt = (await call(a, 'POST', '/api/stock/receipts', {
      id: v7(),
      supplier_id: supplier.id,
      location_id: shop!.id,
      lines: [{ product_id: productId, quantity: 10_000, unit_cost: 3_000 }],
    })) as { id: string };
    const [saleDoc, receiptDoc] = await docsOf(a, businessId, [
      { type: 'sale', id: (sale as unknown as { id: string }).id },
      { type: 'stock_document', id: receipt.id },
    ]);
    for (const doc of [saleDoc!, receiptDoc!]) {
      expect(doc.body.stock_movements).toHaveLength(1);
      expect(doc.body.stock_movements![0]).not.toHaveProperty('business_day');
    }
    await send(a, b, businessId);
    const days = (kysely: Server['app']['db']['kysely']) =>
      kysely.selectFrom('stock_movements').select(['doc_id', 'business_day']).orderBy('doc_id').execute();
    expect(await days(b.app.db.kysely)).toEqual(await days(a.app.db.kysely));
    expect(new Set((await days(b.app.db.kysely)).map((m) => m.business_day))).toEqual(
      new Set(['2026-05-21']),
    );
    const rows = await b.app.db.kysely.selectFrom('sales').select('business_day').execute();
    expect(rows).toEqual([{ business_day: '2026-05-21' }]);
    const report = (await call(b, 'GET', '/api/reports/sales?from=2026-05-20&to=2026-05-25')) as SalesReport;
    expect(report.by_day.map((d) => d.day)).toEqual(['2026-05-21']);
    const stock = (await call(b, 'GET', '/api/reports/stock?from=2026-05-21&to=2026-05-21')) as StockReport;
    expect(stock.movements.find((m) => m.kind === 'sale')?.count).toBe(1);
    // B's zone moves to Pago Pago (UTC−11), where these instants (09:59 UTC on the 21st) are the 20th
    await b.app.db.kysely.updateTable('businesses').set({ timezone: 'Pacific/Pago_Pago' }).execute();
    const after = (await call(b, 'GET', '/api/reports/stock?from=2026-05-21&to=2026-05-21')) as StockReport;
    expect(after.movements.map((m) => [m.kind, m.count])).toEqual([
      ['sale', 1],
      ['supplier_receipt', 1],
    ]);
  });
});
