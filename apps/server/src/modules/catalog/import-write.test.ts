import type { Product, ProductImportResult } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsOf } from '../../test/statements.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { buildBusiness } from '../../test/factories.js';
import { buildProduct } from '../../test/stock-factories.js';

/**
 * A catalogue import writes many products a few statements at a time (import-write.ts): what it
 * leaves must be what the product routes leave, one by one: the rows, one journal entry per
 * product, the price history and the field stamps sync merges by (ADR 11 §2).
 */
describe('a catalogue import written set by set', () => {
  let t: TestApp;
  let admin: string;
  let businessId: string;

  const importCsv = async (csv: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { cookie: admin },
      payload: { csv, commit: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductImportResult>();
  };
  const stored = async (id: string) => {
    const row = await t.db.kysely
      .selectFrom('products')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const journal = await t.db.kysely
      .selectFrom('journal')
      .select(['action', 'hlc', 'detail'])
      .where('business_id', '=', businessId)
      .where('doc_id', '=', id)
      .orderBy('seq')
      .execute();
    const prices = await t.db.kysely
      .selectFrom('product_prices')
      .select(['price', 'tax_rate'])
      .where('product_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const barcodes = await t.db.kysely
      .selectFrom('product_barcodes')
      .select('barcode')
      .where('product_id', '=', id)
      .orderBy('barcode')
      .execute();
    return {
      row,
      stamps: JSON.parse(row.stamps) as Record<string, string>,
      journal,
      prices: prices.map((p) => [Number(p.price), p.tax_rate]),
      barcodes: barcodes.map((b) => b.barcode),
    };
  };
  const byCode = async (code: string) =>
    (
      await t.db.kysely
        .selectFrom('products')
        .select('id')
        .where('business_id', '=', businessId)
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildBusiness(t.app);
    admin = owner.cookie;
    businessId = owner.session.business.id;
  });
  afterAll(() => t.close());

  it('changes a known product as the same edit on its page does: its stamps, journal entry, price history and barcodes', async () => {
    const same = { name: 'Same soap', category: 'Soap', price: 1000, barcodes: [] as string[] };
    const viaFile = await buildProduct(t.app, admin, { ...same, code: 'FILE1', barcodes: ['600100'] });
    const viaPage = await buildProduct(t.app, admin, { ...same, code: 'PAGE1', barcodes: ['600200'] });
    await importCsv('code,name,category,barcodes,price\nFILE1,Same soap,Soap,600102|600101,12.50\n');
    const put = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${viaPage.id}`,
      headers: { cookie: admin },
      payload: { name: 'Same soap', category: 'Soap', barcodes: ['600202', '600201'], price: 1250 },
    });
    expect(put.statusCode, put.body).toBe(200);

    const [file, page] = [await stored(viaFile.id), await stored(viaPage.id)];
    // the same groups stamped (the price and the barcodes; not the name or category, unchanged)
    expect(Object.keys(file.stamps).sort()).toEqual(Object.keys(page.stamps).sort());
    expect(Object.keys(file.stamps).sort()).toEqual(['$created', '^barcodes', '^price', 'barcodes', 'price']);
    for (const s of [file, page]) {
      const update = s.journal.at(-1)!;
      expect(update.action).toBe('product.update');
      expect(s.stamps.price).toBe(update.hlc);
      expect(s.stamps.barcodes).toBe(update.hlc);
      expect(s.stamps['^price']).toBe(s.stamps.$created);
      expect(s.journal.map((j) => j.action)).toEqual(['product.create', 'product.update']);
      expect(s.prices).toEqual([
        [1000, 0],
        [1250, 0],
      ]);
    }
    expect(file.barcodes).toEqual(['600101', '600102']);
    const columns = ({ row }: typeof file) => {
      const { id: _i, code: _c, search_key: _k, stamps: _s, request_hash: _h, ...rest } = row;
      return { ...rest, price: Number(rest.price), reorder_level: Number(rest.reorder_level) };
    };
    expect(columns(file)).toEqual(columns(page));
    expect(file.row.search_key).toBe('same soap file1');
  });

  it('writes nothing for a row that changes nothing: no journal entry, no stamp, no price, updated_at kept', async () => {
    const kept = await buildProduct(t.app, admin, {
      code: 'KEPT1',
      name: 'Kept oil',
      price: 2000,
      barcodes: ['600301', '600300'],
    });
    const moved = await buildProduct(t.app, admin, { code: 'MOVED1', name: 'Moved oil', price: 2000 });
    const before = await stored(kept.id);
    t.clock.advance(60_000);
    const file =
      'code,name,barcodes,price,active\nKEPT1,Kept oil,600300|600301,20.00,yes\nMOVED1,Moved oil,,21.00,yes\n';
    // the preview says so, and the commit does so
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { cookie: admin },
      payload: { csv: file, commit: false },
    });
    expect(preview.json<ProductImportResult>().rows.map((r) => r.action)).toEqual(['unchanged', 'update']);
    expect((await importCsv(file)).rows.map((r) => r.action)).toEqual(['unchanged', 'update']);
    const after = await stored(kept.id);
    expect(after.row).toEqual(before.row);
    expect(after.prices).toEqual(before.prices);
    expect(after.journal.map((j) => j.action)).toEqual(['product.create']);
    // the other row of the file did change, and is written
    expect((await stored(moved.id)).journal.map((j) => j.action)).toEqual([
      'product.create',
      'product.update',
    ]);
  });

  it('writes 1,200 products, then changes them all, in a few dozen statements (not a dozen each)', async () => {
    const rows = (round: number) =>
      Array.from(
        { length: 1_200 },
        (_, i) =>
          `BULK${String(i).padStart(4, '0')},Bulk item ${i},${round}9${String(i).padStart(6, '0')},${10 + round}.00`,
      );
    const file = (round: number) => `code,name,barcodes,price\n${rows(round).join('\n')}\n`;
    const made = await statementsOf(t.db, () => importCsv(file(0)));
    const changed = await statementsOf(t.db, () => importCsv(file(1)));
    // 1,200 products were ~8 statements each made and ~13 each changed, one by one
    expect(made.texts.length).toBeLessThan(80);
    expect(changed.texts.length).toBeLessThan(80);

    const id = await byCode('BULK0777');
    const bulk = await stored(id);
    expect(bulk.barcodes).toEqual(['19000777']);
    expect(bulk.prices).toEqual([
      [1000, 0],
      [1100, 0],
    ]);
    expect(bulk.stamps.price).toBe(bulk.journal.at(-1)!.hlc);
    const product = (
      await t.app.inject({ url: `/api/products/${id}`, headers: { cookie: admin } })
    ).json<Product>();
    expect(product).toMatchObject({
      code: 'BULK0777',
      name: 'Bulk item 777',
      price: 1100,
      barcodes: ['19000777'],
    });
    // one entry per product and write, numbered without a gap or a repeat
    const seqs = (
      await t.db.kysely.selectFrom('journal').select('seq').where('business_id', '=', businessId).execute()
    ).map((r) => Number(r.seq));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(Math.max(...seqs)).toBe(seqs.length);
    const bulkEntries = await t.db.kysely
      .selectFrom('journal')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('business_id', '=', businessId)
      .where('doc_id', 'in', (eb) =>
        eb
          .selectFrom('products')
          .select('id')
          .where('business_id', '=', businessId)
          .where('code', 'like', 'BULK%'),
      )
      .executeTakeFirstOrThrow();
    expect(Number(bulkEntries.n)).toBe(2_400);
  });
});
