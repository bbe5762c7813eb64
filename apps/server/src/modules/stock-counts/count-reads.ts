/**
 * A count as it is read: its row, the counted totals (every counter's entries summed per product),
 * the list, the open counts of the login response, and the products' average costs now.
 */
import { randomBytes } from 'node:crypto';
import type { StockCount, StockCountListItem } from '@duka/domain';
import { type Kysely, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import { ofBusiness } from '../../db/dialect.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import { notFound } from '../../lib/errors.js';
import type { Trx } from '../../lib/tx.js';
import { scopeIds } from '../inventory/location-scope.js';

export type Q = Kysely<Database> | Trx;

export async function countRow(db: Q, businessId: string, id: string) {
  const row = await db
    .selectFrom('stock_counts')
    .selectAll()
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!row) throw notFound('Stock count');
  return row;
}

/**
 * Counted totals per product (sum of every counter's entries); of one product only when given,
 * or (`since`, a position of the business's journal) of the products counted or changed after it.
 */
export async function countedTotals(
  db: Q,
  businessId: string,
  countId: string,
  productId?: string,
  since?: number,
) {
  let q = db
    .selectFrom('stock_count_entries')
    .innerJoin('products', (j) =>
      j
        .onRef('products.id', '=', 'stock_count_entries.product_id')
        .onRef('products.business_id', '=', 'stock_count_entries.business_id'),
    )
    .select([
      'stock_count_entries.product_id',
      'products.name as product_name',
      'products.unit',
      (eb) => eb.fn.sum<number>('stock_count_entries.quantity').as('quantity'),
      (eb) => eb.fn.countAll<number>().as('entries'),
    ])
    .where(ofBusiness(db, 'stock_count_entries.business_id', businessId))
    .where('count_id', '=', countId);
  if (productId !== undefined) q = q.where('stock_count_entries.product_id', '=', productId);
  if (since !== undefined)
    q = q.where('stock_count_entries.product_id', 'in', changedSince(db, businessId, countId, since));
  const rows = await q
    .groupBy(['stock_count_entries.product_id', 'products.name', 'products.unit'])
    .orderBy('products.name')
    .orderBy('stock_count_entries.product_id')
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), entries: Number(r.entries) }));
}

/**
 * The products whose counted total or name may differ from what a read as of `since` gave: the
 * count's entries journalled after it, and the products edited after it. The journal is numbered
 * per business in commit order, the entries received by sync included (ADR 3), so nothing
 * committed after that read is left out.
 */
function changedSince(db: Q, businessId: string, countId: string, since: number) {
  return db
    .selectFrom('journal')
    .innerJoin('stock_count_entries as e', (j) =>
      j.onRef('e.business_id', '=', 'journal.business_id').onRef('e.id', '=', 'journal.doc_id'),
    )
    .select('e.product_id')
    .where('journal.business_id', '=', businessId)
    .where('journal.seq', '>', since)
    .where('journal.doc_type', '=', sql.lit('stock_count_entry'))
    .where('e.count_id', '=', countId)
    .union(
      db
        .selectFrom('journal')
        .select('journal.doc_id as product_id')
        .where('journal.business_id', '=', businessId)
        .where('journal.seq', '>', since)
        .where('journal.doc_type', '=', sql.lit('product')),
    );
}

/** The business's journal position now: what a count read after it is as of. */
async function journalPosition(db: Q, businessId: string): Promise<number> {
  const row = await db
    .selectFrom('journal_counters')
    .select('last_seq')
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return Number(row?.last_seq ?? 0);
}

/**
 * Most journal entries a read since a position looks through; further back it is answered whole
 * (a phone asleep all day, or a `since=0` over a year's journal: the whole count is the cheaper read).
 */
export const MOST_SINCE = 20_000;

/** The position a read since `since` is answered from, or undefined: the whole count. */
export function deltaFrom(since: number | undefined, asOf: number): number | undefined {
  return since !== undefined && since <= asOf && asOf - since <= MOST_SINCE ? since : undefined;
}

/** A count with every counted total, or (`productId`) with that product's only. */
export async function loadCount(
  db: Q,
  businessId: string,
  id: string,
  productId?: string,
): Promise<StockCount> {
  return countOf(db, businessId, await countRow(db, businessId, id), productId);
}

/**
 * This process's start, named on a shop server's reads of a count (`boot`): a `since` read under
 * another start's name is answered whole. A shop's server restored from a backup starts again on a
 * journal that went back, and may have written past the screen's last position by its next read
 * (its entries are not the ones the screen saw). One whole read after any restart is its price. A
 * hosted server is never restored that way, and its processes each start on their own: none.
 */
export const THIS_START = randomBytes(9).toString('base64url');

/**
 * A count as its screen reads it again and again, `as_of` a position of the business's journal:
 * with `since` (the `as_of` of the screen's last read) the counted totals of only the products
 * counted or renamed after it (`since` on the answer says so); without it, with one this
 * server's journal has not reached (a server restored from a backup), with one read under another
 * start of a shop's server (`boot`: `THIS_START`), or with one further back than `MOST_SINCE`
 * entries, every total.
 */
export async function loadCountAsOf(
  db: Q,
  businessId: string,
  id: string,
  since?: number,
  starts: { here?: string; asked?: string } = {},
): Promise<StockCount> {
  // the position first: whatever commits between the two reads is read again next time
  const asOf = await journalPosition(db, businessId);
  const row = await countRow(db, businessId, id);
  const sameStart = starts.asked === undefined || starts.asked === starts.here;
  const delta = sameStart ? deltaFrom(since, asOf) : undefined;
  const count = await countOf(db, businessId, row, undefined, delta);
  return {
    ...count,
    as_of: asOf,
    ...(delta === undefined ? {} : { since: delta }),
    ...(starts.here === undefined ? {} : { boot: starts.here }),
  };
}

export async function countOf(
  db: Q,
  businessId: string,
  c: Awaited<ReturnType<typeof countRow>>,
  productId?: string,
  since?: number,
): Promise<StockCount> {
  const id = c.id;
  return {
    id: c.id,
    location_id: c.location_id,
    status: c.status as StockCount['status'],
    freeze_sales: c.freeze_sales === 1,
    note: c.note,
    started_by: c.started_by,
    started_at: c.started_at,
    closed_at: c.closed_at,
    counted: await countedTotals(db, businessId, id, productId, since),
  };
}

/**
 * The newest 100 counts (of a status, at the locations the reader may see), each with how many
 * products it counted and how many entries it holds: two statements, not two a count.
 */
export async function listCounts(
  db: Db,
  businessId: string,
  status?: string,
  /** The locations the reader may see (null or absent = all). */
  locationIds?: string[] | null,
): Promise<StockCountListItem[]> {
  let q = db.kysely
    .selectFrom('stock_counts')
    .select(['id', 'location_id', 'status', 'freeze_sales', 'note', 'started_by', 'started_at', 'closed_at'])
    .where('business_id', '=', businessId);
  if (status) q = q.where('status', '=', status);
  if (locationIds) q = q.where('location_id', 'in', scopeIds(locationIds));
  const rows = await q.orderBy('started_at', 'desc').orderBy('id', 'desc').limit(100).execute();
  const done = new Map<string, { products: number; entries: number }>();
  if (rows.length > 0)
    for (const r of await db.kysely
      .selectFrom('stock_count_entries')
      .select([
        'count_id',
        (eb) => eb.fn.count<number>('product_id').distinct().as('products'),
        (eb) => eb.fn.countAll<number>().as('entries'),
      ])
      .where('business_id', '=', businessId)
      .where(
        'count_id',
        'in',
        rows.map((r) => r.id),
      )
      .groupBy('count_id')
      .execute())
      done.set(r.count_id, { products: Number(r.products), entries: Number(r.entries) });
  return rows.map((r) => ({
    ...r,
    status: r.status as StockCountListItem['status'],
    freeze_sales: r.freeze_sales === 1,
    products_counted: done.get(r.id)?.products ?? 0,
    entries: done.get(r.id)?.entries ?? 0,
  }));
}

const openCounts = compiledQuery((db, a: { businessId: string }) =>
  db
    .selectFrom('stock_counts')
    .select(['id', 'location_id', 'freeze_sales', 'started_at'])
    .where('business_id', '=', a.businessId)
    .where('status', '=', sql.lit('open')),
);

/** Open counts at the given locations: the login response's `stock_taking` settings. */
export async function openCountSettings(db: Q, businessId: string) {
  const rows = await openCounts.all(db, { businessId });
  return rows.map((r) => ({
    id: r.id,
    location_id: r.location_id,
    freeze_sales: r.freeze_sales === 1,
    started_at: r.started_at,
  }));
}

/**
 * The products' average cost now, by id: a few hundred ids a read, as a count of a whole shop
 * names more products than one statement takes parameters (SQLite's 32,766, PostgreSQL's 65,535).
 */
export async function currentCosts(db: Q, businessId: string, ids: string[]): Promise<Map<string, number>> {
  const costs = new Map<string, number>();
  for (let i = 0; i < ids.length; i += IDS_PER_READ) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'avg_cost'])
      .where('id', 'in', ids.slice(i, i + IDS_PER_READ))
      .where(ofBusiness(db, 'business_id', businessId))
      .execute();
    for (const p of rows) costs.set(p.id, Number(p.avg_cost));
  }
  return costs;
}

/** Most ids one read of products names. */
const IDS_PER_READ = 500;
