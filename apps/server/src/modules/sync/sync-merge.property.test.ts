import { formatStamp } from '@duka/domain';
import fc from 'fast-check';
import { v7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { applyOn, call, docsOf, send, useTwoServers } from '../../test/two-servers.js';
import type { DocBody } from './doc-specs.js';
import { type SyncDocument, hashBody } from './documents.js';
import { GROUPS_BY_TYPE } from './field-groups.js';
import { mergeRecord } from './merge.js';

type Row = Record<string, unknown>;

/** One server's edit of a product: some groups changed, each stamped as that server stamped it. */
interface Edit {
  server: string;
  ms: number;
  counter: number;
  name?: string;
  price?: number;
  code?: string;
  barcodes?: string[];
  reorder?: number;
  /** The price kept by its server against a synced one (kept-values.ts): marked `!price`. */
  kept?: boolean;
}

const editArb = fc.record(
  {
    server: fc.constantFrom(
      '0193a000-0000-7000-8000-00000000000a',
      '0193a000-0000-7000-8000-00000000000b',
      '',
    ),
    ms: fc.integer({ min: 0, max: 4 }),
    counter: fc.integer({ min: 0, max: 2 }),
    name: fc.constantFrom('Sugar', 'Sugar 1kg', 'White sugar'),
    price: fc.constantFrom(15_000, 16_000, 17_000),
    code: fc.constantFrom('1001', '1001A', '1001B'),
    barcodes: fc.subarray(['600100', '600200', '600300']),
    reorder: fc.constantFrom(0, 5_000),
    kept: fc.boolean(),
  },
  { requiredKeys: ['server', 'ms', 'counter'] },
);

// An hour past now: after the products the database test makes, so their versions win or lose by their own stamps.
const T0 = Date.now() + 3600_000;

/** The product's document after `edit`, built from the base document (as the editing server would send it). */
function version(base: SyncDocument, edit: Edit): SyncDocument {
  const row: Row = { ...base.body.products![0]! };
  const stamps = JSON.parse(String(row.stamps)) as Record<string, string>;
  const stamp = formatStamp({ ms: T0 + edit.ms * 1000, counter: edit.counter, serverId: edit.server });
  const set = (group: string, values: Row) => {
    Object.assign(row, values);
    stamps[group] = stamp;
  };
  if (edit.name !== undefined)
    set('name', { name: edit.name, search_key: `${edit.name} ${String(row.code)}`.toLowerCase() });
  if (edit.price !== undefined) set('price', { price: edit.price });
  if (edit.price !== undefined && edit.kept) stamps['!price'] = stamp;
  if (edit.code !== undefined)
    set('code', { code: edit.code, search_key: `${String(row.name)} ${edit.code}`.toLowerCase() });
  if (edit.reorder !== undefined) set('reorder_level', { reorder_level: edit.reorder });
  row.search_key = `${String(row.name)} ${String(row.code)}`.toLowerCase();
  row.stamps = JSON.stringify(stamps);
  row.updated_at = new Date(T0 + edit.ms * 1000).toISOString();
  const body: DocBody = { ...base.body, products: [row] };
  if (edit.barcodes !== undefined) {
    stamps.barcodes = stamp;
    row.stamps = JSON.stringify(stamps);
    body.product_barcodes = [...edit.barcodes].sort().map((barcode) => ({ barcode, product_id: base.id }));
  }
  return { type: 'product', id: base.id, body, hash: hashBody(body) };
}

/** A permutation of 0..n-1 drawn by fast-check. */
const orders = (n: number) =>
  fc.tuple(
    fc.shuffledSubarray([...Array(n).keys()], { minLength: n }),
    fc.shuffledSubarray([...Array(n).keys()], { minLength: n }),
  );

describe('the merge of an edited record does not depend on the order versions arrive in', () => {
  it('folding versions in any two orders gives the same body (the merge alone)', () => {
    const spec = GROUPS_BY_TYPE.get('product')!;
    const id = '0193b000-0000-7000-8000-000000000001';
    const base: SyncDocument = {
      type: 'product',
      id,
      hash: '',
      body: {
        products: [
          {
            id,
            name: 'Sugar',
            code: '1001',
            search_key: 'sugar 1001',
            price: 15_000,
            tax_rate: 0,
            category: '',
            unit: 'each',
            reorder_level: 0,
            avg_cost: 0,
            image: null,
            active: 1,
            request_hash: '',
            created_at: new Date(T0).toISOString(),
            updated_at: new Date(T0).toISOString(),
            deleted_at: null,
            stamps: '{}',
          },
        ],
        product_barcodes: [],
        product_prices: [],
      },
    };
    fc.assert(
      fc.property(
        fc
          .array(editArb, { minLength: 1, maxLength: 6 })
          .chain((edits) => fc.tuple(fc.constant(edits), orders(edits.length))),
        ([edits, [one, two]]) => {
          const versions = edits.map((e) => version(base, e));
          const fold = (order: number[]) =>
            order.reduce<DocBody>(
              (acc, i) => mergeRecord(spec, 'products', acc, versions[i]!.body).body,
              base.body,
            );
          const x = fold(one);
          const y = fold(two);
          expect(hashBody({ products: x.products!, product_barcodes: x.product_barcodes! })).toBe(
            hashBody({ products: y.products!, product_barcodes: y.product_barcodes! }),
          );
          // a kept price stays marked kept wherever its stamp won, whichever copy arrived first
          const stamps = JSON.parse(String(x.products![0]!.stamps)) as Record<string, string>;
          const priceStamp = (i: number) =>
            (JSON.parse(String(versions[i]!.body.products![0]!.stamps)) as Record<string, string>).price;
          const marked = edits.some(
            (e, i) => e.kept && e.price !== undefined && priceStamp(i) === stamps.price,
          );
          expect(stamps['!price'] !== undefined && stamps['!price'] === stamps.price).toBe(marked);
        },
      ),
      { numRuns: 500 },
    );
  });

  describe('on two databases', () => {
    const servers = useTwoServers();

    it('the same versions applied in any order leave the same product row on both', async () => {
      const { a, b, businessId } = servers();
      await fc.assert(
        fc.asyncProperty(
          fc
            .array(editArb, { minLength: 1, maxLength: 5 })
            .chain((edits) => fc.tuple(fc.constant(edits), orders(edits.length))),
          async ([edits, [one, two]]) => {
            const id = v7();
            await call(a, 'POST', '/api/products', {
              id,
              name: 'Sugar',
              code: `P${id.slice(-8)}`,
              price: 15_000,
            });
            await send(a, b, businessId, [{ type: 'product', id }]);
            const [base] = await docsOf(a, businessId, [{ type: 'product', id }]);
            // The versions use one code space per product: give each its own.
            // Codes and barcodes of their own per product, so products of earlier runs claim none of them.
            const own = (v: string) => `${v}-${id.slice(-8)}`;
            const versions = edits.map((e) =>
              version(base!, {
                ...e,
                ...(e.code ? { code: own(e.code) } : {}),
                ...(e.barcodes ? { barcodes: e.barcodes.map(own) } : {}),
              }),
            );
            for (const i of one) await applyOn(a, 'origin', businessId, [versions[i]!]);
            for (const i of two) await applyOn(b, 'origin', businessId, [versions[i]!]);
            const [onA] = await docsOf(a, businessId, [{ type: 'product', id }]);
            const [onB] = await docsOf(b, businessId, [{ type: 'product', id }]);
            expect(onB!.body.products).toEqual(onA!.body.products);
            expect(onB!.body.product_barcodes).toEqual(onA!.body.product_barcodes);
          },
        ),
        { numRuns: 30 },
      );
    }, 120_000);
  });
});
