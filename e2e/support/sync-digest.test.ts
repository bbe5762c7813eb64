import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { canonical, compareDigests, digestArchive } from './sync-digest.mjs';
import { codeIn } from './sync-stack.mjs';

// The business digest of the sync tests (ADR 11 §10) on small hand-made archives.

type Row = Record<string, unknown>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-digest-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
/** An archive as `duka export` writes it: a header line, then one line per table. */
function archive(tables: Record<string, Row[]>): string {
  const file = path.join(dir, `${(n += 1)}.duka.gz`);
  const header = {
    format: 'duka-archive',
    version: 1,
    exported_at: new Date().toISOString(),
    business_id: 'b1',
  };
  const lines = [header, ...Object.entries(tables).map(([table, rows]) => ({ table, rows }))];
  fs.writeFileSync(file, gzipSync(lines.map((l) => `${JSON.stringify(l)}\n`).join('')));
  return file;
}

const SHOP = 'server-shop';
const HOSTED = 'server-hosted';
const entry = (id: string, seq: number, docType = 'sale', origin = SHOP): Row => ({
  id,
  seq,
  business_id: 'b1',
  doc_type: docType,
  doc_id: `d-${id}`,
  action: `${docType}.x`,
  origin,
  // Its number where it was first written: the same on every server.
  origin_seq: Number(id.slice(1)),
  detail: null,
});
const base = (): Record<string, Row[]> => ({
  businesses: [{ id: 'b1', name: 'Shop', printer_host: '', printer_port: 9100, status: 'active' }],
  devices: [{ id: 'PC1', business_id: 'b1' }],
  journal_counters: [{ business_id: 'b1', last_seq: 2 }],
  journal: [entry('e1', 1), entry('e2', 2)],
  sales: [
    { id: 's1', total: 100, receipt_no: '000001' },
    { id: 's2', total: 250, receipt_no: '000002' },
  ],
  stock_levels: [{ product_id: 'p1', location_id: 'l1', quantity: 5000, updated_at: 'yesterday' }],
});

describe('the business digest', () => {
  it('is equal for the same business kept by another server', async () => {
    const shop = base();
    const hosted = base();
    hosted.businesses = [
      { id: 'b1', name: 'Shop', printer_host: '10.0.0.9', printer_port: 1, status: 'suspended' },
    ];
    hosted.devices = [];
    hosted.journal_counters = [{ business_id: 'b1', last_seq: 9 }];
    // Other sequence numbers and order, and the hosted server's own sign-in entries.
    hosted.journal = [
      entry('h1', 1, 'session', HOSTED),
      entry('e2', 3),
      entry('h2', 4, 'device', HOSTED),
      entry('e1', 5),
    ];
    hosted.sales = [...shop.sales!].reverse().map((r) => Object.fromEntries(Object.entries(r).reverse()));
    hosted.stock_levels = [{ product_id: 'p1', location_id: 'l1', quantity: 5000, updated_at: 'today' }];
    const a = await digestArchive(archive(shop));
    const b = await digestArchive(archive(hosted), { ignoreOrigins: [HOSTED] });
    expect(compareDigests(a, b)).toEqual([]);
    expect(a.tables.get('sales')).toMatchObject({ rows: 2 });
    expect(a.tables.has('devices')).toBe(false);
    // Without leaving out the hosted server's origin, its sign-ins are a difference.
    const c = await digestArchive(archive(hosted));
    expect(compareDigests(a, c).map((d) => d.description)).toEqual([
      'journal: 2 rows on a, 4 on b; first: h1 only on b',
    ]);
  });

  it('names each differing table, its counts and its first differing row', async () => {
    const shop = base();
    const hosted = base();
    hosted.sales = [
      { id: 's1', total: 100, receipt_no: '000001' },
      { id: 's2', total: 260, receipt_no: '000003' },
    ];
    hosted.journal = [entry('e1', 1)];
    hosted.stock_levels = [{ product_id: 'p1', location_id: 'l1', quantity: 4000, updated_at: 'x' }];
    const diff = compareDigests(await digestArchive(archive(shop)), await digestArchive(archive(hosted)), {
      names: ['local', 'hosted'],
    });
    expect(diff.map((d) => d.table)).toEqual(['journal', 'sales', 'stock_levels']);
    expect(diff[0]!.description).toBe('journal: 2 rows on local, 1 on hosted; first: e2 only on local');
    expect(diff[1]).toMatchObject({
      description: 'sales: 2 rows on each side; first: s2 differs (receipt_no, total)',
      rows: { local: 2, hosted: 2 },
      firstKey: 's2',
    });
  });

  it('refuses an archive with a row twice', async () => {
    const shop = base();
    shop.sales = [...shop.sales!, { id: 's1', total: 100, receipt_no: '000001' }];
    await expect(digestArchive(archive(shop))).rejects.toThrow(/sales has two rows named s1/);
  });

  it('writes one canonical text whatever the key order', () => {
    expect(canonical({ b: [1, { d: 1, c: null }], a: 'x' })).toBe('{"a":"x","b":[1,{"c":null,"d":1}]}');
  });

  it('finds the link code in what `duka link-code` prints', () => {
    expect(codeIn('Link code for 01931234-5678-7abc-8def-0123456789ab: 7KQ4-M2XD (15 minutes)')).toBe(
      '7KQ4M2XD',
    );
    expect(codeIn('7KQ4M2XD\n')).toBe('7KQ4M2XD');
    expect(() => codeIn('no code here')).toThrow(/no link code/);
  });
});
