import { IMPORT_ROW_ERROR_CODES, type Product, type ProductImportResult } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { buildBusiness } from '../../test/factories.js';
import { buildProduct, importProducts } from '../../test/stock-factories.js';
import { uploadImage } from '../../test/tenancy-factories.js';

/** A CSV import's row errors are typed codes with their params, never the server's English sentences. */
describe('CSV import row errors', () => {
  let t: TestApp;
  let admin: string;
  const HEADER = 'code,name,barcodes,category,unit,price,tax_rate,reorder_level,active';
  const importCsv = (csv: string, commit = false) => importProducts(t.app, admin, csv, commit);
  /** Each row's errors as [field, code, params?]. */
  const errorsOf = async (rows: string[]) => {
    const res = await importCsv(`${HEADER}\n${rows.join('\n')}\n`);
    expect(res.statusCode).toBe(200);
    const body = res.json<ProductImportResult>();
    expect(body.valid).toBe(false);
    for (const e of body.rows.flatMap((r) => r.errors)) {
      expect(e).not.toHaveProperty('message');
      expect(IMPORT_ROW_ERROR_CODES).toContain(e.code);
    }
    return body.rows.map((r) =>
      r.errors.map((e) => (e.params ? [e.field, e.code, e.params] : [e.field, e.code])),
    );
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    await buildProduct(t.app, admin, { code: 'OWNED', name: 'Owned soap', barcodes: ['6009'] });
  });
  afterAll(() => t.close());

  it("refuses a new code that is another product's in another case or its barcode, and a barcode that is another's code", async () => {
    expect(
      await errorsOf([
        'owned,Owned again,,,each,10,0,0,yes',
        '6009,Barcode as a code,,,each,10,0,0,yes',
        'NEW1,Code as a barcode,OWNED,,each,10,0,0,yes',
      ]),
    ).toEqual([
      [['code', 'code_case', { code: 'OWNED' }]],
      [['code', 'code_is_barcode']],
      [['barcodes', 'barcode_is_code', { barcode: 'OWNED' }]],
    ]);
    // the product itself: its own barcode and its own code as one, no clash
    const own = await importCsv(`${HEADER}\nOWNED,Owned soap,6009|OWNED,,each,10,0,0,yes\n`);
    expect(own.json<ProductImportResult>().rows.map((r) => r.errors)).toEqual([[]]);
  });

  // The QA's import: "XX1" with the barcode "XX2" and a product "XX2" in one file were both made,
  // and "XX2" typed at the till added XX1 (a barcode is looked up first); "case1" and "CASE1" too.
  it('refuses the same clashes between rows of one file, whichever row comes first', async () => {
    expect(
      await errorsOf([
        'XX1,Has the barcode,XX2,,each,10,0,0,yes',
        'XX2,Code that is a barcode,,,each,10,0,0,yes',
        'YY1,Code first,,,each,10,0,0,yes',
        'YY2,Barcode that is a code,YY1,,each,10,0,0,yes',
        'case1,Lower,,,each,10,0,0,yes',
        'CASE1,Upper,,,each,10,0,0,yes',
      ]),
    ).toEqual([
      [],
      [['code', 'code_is_barcode']],
      [],
      [['barcodes', 'barcode_is_code', { barcode: 'YY1' }]],
      [],
      [['code', 'code_case', { code: 'case1' }]],
    ]);
    // a row's own code as its barcode is no clash, in a file as in the catalogue
    const own = await importCsv(`${HEADER}\nZZ1,Own,ZZ1,,each,10,0,0,yes\n`);
    expect(own.json<ProductImportResult>().rows.map((r) => r.errors)).toEqual([[]]);
  });

  it('names a bad percentage, a bad yes/no, a bad amount and quantity, an unknown unit by code', async () => {
    expect(
      await errorsOf([
        'A1,Sugar,,,each,180,150,1,yes',
        'A2,Salt,,,each,50,16,1,maybe',
        'A3,Oil,,,each,abc,16,x,yes',
        'A4,Rice,,,sack,50,16,1,yes',
      ]),
    ).toEqual([
      [['tax_rate', 'not_a_percentage']],
      [['active', 'not_yes_no']],
      [
        ['price', 'not_an_amount', { decimals: 2 }],
        ['reorder_level', 'not_a_quantity', { decimals: 3 }],
      ],
      // once, not again from the schema's own check of the unit
      [['unit', 'unknown_unit']],
    ]);
  });

  it("names a barcode of another product and the file's repeated codes and barcodes", async () => {
    expect(
      await errorsOf([
        'B1,Bar soap,6009,,each,50,,,',
        'B2,Tea,7001,,each,50,,,',
        'B2,Tea again,7001,,each,50,,,',
      ]),
    ).toEqual([
      [['barcodes', 'barcode_taken', { barcode: '6009' }]],
      [],
      [
        ['code', 'code_repeated', { row: 3 }],
        ['barcodes', 'barcode_repeated', { barcode: '7001', row: 3 }],
      ],
    ]);
  });

  it("maps the schema's refusals by kind and field: missing, too long, unsafe, not a barcode", async () => {
    const long = 'x'.repeat(121);
    const longBarcode = '1'.repeat(65);
    expect(
      await errorsOf([
        'C1,,,,each,50,,,',
        `C2,${long},,${'c'.repeat(61)},each,50,,,`,
        `C3,Tab\there,${longBarcode}|12 34,,each,50,,,`,
        ',Nameless,,,each,50,,,',
        'C5,Gold,,,each,20000000000,,,',
      ]),
    ).toEqual([
      [['name', 'required']],
      [
        ['name', 'too_long', { max: 120 }],
        ['category', 'too_long', { max: 60 }],
      ],
      [
        ['name', 'unsafe_text'],
        ['barcodes', 'too_long', { max: 64, barcode: longBarcode }],
        ['barcodes', 'not_a_barcode', { barcode: '12 34' }],
      ],
      [['code', 'required']],
      [['price', 'too_large']],
    ]);
  });

  it('names the code of a deleted product as taken, and refuses to commit a file with errors', async () => {
    const gone = await buildProduct(t.app, admin, { code: 'GONE', name: 'Old stock' });
    await t.db.kysely
      .updateTable('products')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', gone.id)
      .execute();
    expect(await errorsOf(['GONE,New stock,,,each,50,,,'])).toEqual([[['code', 'code_taken']]]);
    const commit = await importCsv(`${HEADER}\nD1,Salt,,,each,50,16,1,maybe\n`, true);
    expect(commit.statusCode).toBe(422);
    expect(commit.json()).toMatchObject({ error: { code: 'validation_failed', field: 'rows.2.active' } });
  });

  it("names the row a commit refuses by its error's code and params, for the web to word", async () => {
    const refused = async (rows: string[]) => {
      const res = await importCsv(`${HEADER}\n${rows.join('\n')}\n`, true);
      expect(res.statusCode).toBe(422);
      return res.json<{ error: { code: string; field: string; params?: unknown } }>().error;
    };
    expect(await refused(['E1,Salt,,,each,50,,,', 'E2,Oil,,,each,12.345,,,'])).toEqual({
      code: 'validation_failed',
      message: 'Row 3: price: not_an_amount',
      field: 'rows.3.price',
      params: { row: 3, column: 'price', row_error: 'not_an_amount', decimals: 2 },
    });
    expect((await refused(['E3,Tea,6009,,each,50,,,'])).params).toEqual({
      row: 2,
      column: 'barcodes',
      row_error: 'barcode_taken',
      barcode: '6009',
    });
    expect((await refused(['E4,Tea,,,each,50,,,', 'E4,Tea again,,,each,50,,,'])).params).toEqual({
      row: 3,
      column: 'code',
      row_error: 'code_repeated',
      other_row: 2,
    });
  });

  it('takes a unit in any case, stored as the unit is', async () => {
    expect(
      await errorsOf([
        'U1,Flour,,,KG,50,,,',
        'U2,Soap,,,Each,50,,,',
        'U3,Milk,,,LiTrE,50,,,',
        'U4,Rice,,,sack,50,,,',
      ]),
    ).toEqual([[], [], [], [['unit', 'unknown_unit']]]);
    const res = await importCsv(`${HEADER}\nU1,Flour,,,KG,50,,,\nU2,Soap,,,Each,50,,,\n`, true);
    expect(res.statusCode, res.body).toBe(200);
    const units = await t.db.kysely
      .selectFrom('products')
      .select(['code', 'unit'])
      .where('code', 'in', ['U1', 'U2'])
      .orderBy('code')
      .execute();
    expect(units).toEqual([
      { code: 'U1', unit: 'kg' },
      { code: 'U2', unit: 'each' },
    ]);
    // the same units in capitals again change nothing
    const again = await importCsv(`${HEADER}\nU1,Flour,,,Kg,50,,,\nU2,Soap,,,EACH,50,,,\n`);
    expect(again.json<ProductImportResult>().rows.map((r) => [r.action, r.errors])).toEqual([
      ['unchanged', []],
      ['unchanged', []],
    ]);
  });

  it('takes amounts with thousands separators where they can be nothing else, and refuses the rest', async () => {
    // the rice and the cloth by weight and length: their reorder levels take decimals
    const COLUMNS = 'code,name,price,buying_price,reorder_level,unit';
    const res = await importCsv(
      [
        COLUMNS,
        'G1,Sack of rice,"1,500.00","1,250.50","1,000.5",kg',
        'G2,Cooker,"1,500","1,500",2,',
        'G3,Car,"12,345,678.50","1,000,000",0,',
        'G4,Cloth,"1,5","0,50","1,25",metre',
      ].join('\n'),
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.db.kysely
      .selectFrom('products')
      .select(['code', 'price', 'buying_price', 'reorder_level'])
      .where('code', 'in', ['G1', 'G2', 'G3', 'G4'])
      .orderBy('code')
      .execute();
    expect(
      stored.map((p) => [p.code, Number(p.price), Number(p.buying_price), Number(p.reorder_level)]),
    ).toEqual([
      ['G1', 150_000, 125_050, 1_000_500],
      ['G2', 150_000, 150_000, 2_000],
      ['G3', 1_234_567_850, 100_000_000, 0],
      ['G4', 150, 50, 1_250],
    ]);
    // a dot never groups (the file's decimal sign is not known), nor does a comma before other
    // than three digits; "1,500" of a quantity (three decimals) is 1.5 or 1500: refused, not guessed
    expect(
      await errorsOf([
        'H1,Oil,,,each,"1.500,00",,,',
        'H2,Oil,,,each,"1,500,00",,,',
        'H3,Oil,,,each,"1,50.00",,,',
        'H4,Oil,,,each,"01,500",,,',
        'H5,Oil,,,each,50,,"1,500",',
        'H6,Oil,,,each,"-1,500",,,',
      ]),
    ).toEqual([
      [['price', 'not_an_amount', { decimals: 2 }]],
      [['price', 'not_an_amount', { decimals: 2 }]],
      [['price', 'not_an_amount', { decimals: 2 }]],
      [['price', 'not_an_amount', { decimals: 2 }]],
      [['reorder_level', 'not_a_quantity', { decimals: 3 }]],
      [['price', 'not_an_amount', { decimals: 2 }]],
    ]);
  });

  it('refuses a whole file by a typed reason with its params: empty, missing or unknown columns, a row that cannot be read', async () => {
    const refusal = async (csv: string) => {
      const res = await importCsv(csv);
      expect(res.statusCode).toBe(422);
      return res.json<{ error: { code: string; field?: string; params?: unknown } }>().error;
    };
    // nothing in it, blank lines, a header alone: no products, said so (not "some fields are not valid")
    for (const empty of ['', '\n\n', '\uFEFFcode,name,price\n'])
      expect(await refusal(empty)).toMatchObject({
        code: 'csv_refused',
        field: 'csv',
        params: { reason: 'empty' },
      });
    expect(await refusal('code,name\nA,Salt\n')).toMatchObject({
      code: 'csv_refused',
      field: 'csv',
      params: { reason: 'missing_columns', columns: 'price' },
    });
    expect(await refusal('code,name,price,colour\nA,Salt,10,red\n')).toMatchObject({
      code: 'csv_refused',
      params: { reason: 'unknown_columns', columns: 'colour' },
    });
    expect(await refusal('code,name,price\nA,Salt,10\nB,"Sugar,20\n')).toMatchObject({
      code: 'csv_refused',
      params: { reason: 'broken_row' },
    });
    // "Café" of a Windows-1252 file read as UTF-8: refused whole, not stored as "Caf\uFFFD"
    const lost = 'code,name,price\nOK1,Tea,10\nENC1,Caf\uFFFD au lait,100\n';
    expect(await refusal(lost)).toMatchObject({
      code: 'csv_refused',
      field: 'csv',
      params: { reason: 'not_utf8' },
    });
    expect((await importCsv(lost, true)).json()).toMatchObject({
      error: { code: 'csv_refused', params: { reason: 'not_utf8' } },
    });
    const stored = await t.app.inject({ url: '/api/products?q=ENC1', headers: { cookie: admin } });
    expect(stored.json()).toEqual([]);
    // a workbook picked instead of its CSV (the QA: "the file needs the columns code, name, price"),
    // as the web reads its bytes: .xlsx (a zip) and .xls (an OLE file) in Windows-1252
    for (const head of [
      [0x50, 0x4b, 0x03, 0x04, 0x14, 0x00],
      [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1],
    ]) {
      const book = new TextDecoder('windows-1252').decode(new Uint8Array([...head, 0x41, 0x0a, 0x42]));
      expect(await refusal(book)).toMatchObject({ code: 'csv_refused', params: { reason: 'spreadsheet' } });
    }
  });

  it('leaves what a file has no column for alone on a known product: its photo, barcodes, category, unit, tax, reorder level, whether active', async () => {
    const image = await uploadImage(t.app, admin);
    const kept = await buildProduct(t.app, admin, {
      code: 'KEEP1',
      name: 'Flour',
      barcodes: ['5550001'],
      category: 'Dry',
      unit: 'kg',
      price: 15_000,
      tax_rate: 1600,
      reorder_level: 5000,
      active: false,
      image,
    });
    const read = async () =>
      (await t.app.inject({ url: `/api/products/${kept.id}`, headers: { cookie: admin } })).json<Product>();
    const before = await read();
    const res = await importCsv('code,name,price\nKEEP1,Flour 2 kg,200\n', true);
    expect(res.statusCode, res.body).toBe(200);
    expect(await read()).toMatchObject({
      name: 'Flour 2 kg',
      price: 20_000,
      barcodes: ['5550001'],
      category: 'Dry',
      unit: 'kg',
      tax_rate: 1600,
      reorder_level: 5000,
      active: false,
      image,
    });
    // the catalogue exported and imported again as it is changes nothing, its photos included;
    // the file starts with UTF-8's byte-order mark (Excel on Windows reads it as UTF-8 so), which
    // the import drops
    const exported = await t.app.inject({ url: '/api/products/export.csv', headers: { cookie: admin } });
    expect(exported.body.startsWith('\ufeff"code","name",')).toBe(true);
    expect((await importCsv(exported.body, true)).statusCode).toBe(200);
    const after = await read();
    expect({ ...after, updated_at: before.updated_at }).toMatchObject({
      ...before,
      name: 'Flour 2 kg',
      price: 20_000,
      updated_at: before.updated_at,
    });
  });

  it("finds a code written in decomposed Unicode (a Mac tool's CAFE + accent) as the stored one", async () => {
    await buildProduct(t.app, admin, { code: 'CAF\u00c9', name: 'Coffee' });
    const res = await importCsv(`${HEADER}\nCAFE\u0301,Coffee 500 g,,,each,450,0,0,yes\n`);
    const body = res.json<ProductImportResult>();
    expect(body.rows.map((r) => [r.action, r.errors])).toEqual([['update', []]]);
    expect(
      await errorsOf(['N\u00c9W,New one,,,each,10,0,0,yes', 'NE\u0301W,Same code,,,each,10,0,0,yes']),
    ).toEqual([[], [['code', 'code_repeated', { row: 2 }]]]);
  });

  it('takes back the largest reorder level it exports; a barcode with "|" is refused where it is typed', async () => {
    await buildProduct(t.app, admin, { code: 'BIGREORDER', name: 'Bulk salt', reorder_level: 1e12 });
    const exported = await t.app.inject({ url: '/api/products/export.csv', headers: { cookie: admin } });
    const res = await importCsv(exported.body);
    const body = res.json<ProductImportResult>();
    const row = body.rows.find((r) => r.code === 'BIGREORDER')!;
    expect([row.action, row.errors]).toEqual(['unchanged', []]);
    const piped = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: { code: 'PIPED', name: 'Piped', price: 100, barcodes: ['AB|CD'] },
    });
    expect(piped.statusCode).toBe(422);
    expect(piped.json().error).toMatchObject({ code: 'validation_failed', field: 'barcodes.0' });
  });
});
