import {
  type StockCount,
  type StockCountReview,
  type countEntrySchema,
  type countStartSchema,
  COUNT_REASON,
  compareIds,
  compareText,
  lineAmount,
  MAX_SALE_AMOUNT,
} from '@duka/domain';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { compiledQuery } from '../../db/compiled-query.js';
import { ofBusiness } from '../../db/dialect.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor, Operator } from '../../lib/context.js';
import { isPrimaryKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';
import { snapshotRecord, stampRecord } from '../../lib/stamps.js';
import { type Trx, lockBusiness } from '../../lib/tx.js';
import { assertHomeHere } from '../locations/location-home.js';
import { type MovementInput, postMovements } from '../inventory/ledger.js';
import { bookedCost, foundAtBuyingPrice, moveCountedCosts } from './count-costs.js';
import { refuseInactiveCorrections } from './count-inactive.js';
import { scopeIds } from '../inventory/location-scope.js';
import { requireActiveProducts, requireUsableLocation } from '../inventory/stock-rules.js';

type Q = Kysely<Database> | Trx;

async function countRow(db: Q, businessId: string, id: string) {
  const row = await db
    .selectFrom('stock_counts')
    .selectAll()
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!row) throw notFound('Stock count');
  return row;
}

/** Counted totals per product (sum of every counter's entries); of one product only when given. */
async function countedTotals(db: Q, businessId: string, countId: string, productId?: string) {
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
      (eb) => eb.fn.sum<number>('stock_count_entries.quantity').as('quantity'),
      (eb) => eb.fn.countAll<number>().as('entries'),
    ])
    .where(ofBusiness(db, 'stock_count_entries.business_id', businessId))
    .where('count_id', '=', countId);
  if (productId !== undefined) q = q.where('stock_count_entries.product_id', '=', productId);
  const rows = await q
    .groupBy(['stock_count_entries.product_id', 'products.name'])
    .orderBy('products.name')
    .orderBy('stock_count_entries.product_id')
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), entries: Number(r.entries) }));
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

async function countOf(
  db: Q,
  businessId: string,
  c: Awaited<ReturnType<typeof countRow>>,
  productId?: string,
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
    counted: await countedTotals(db, businessId, id, productId),
  };
}

export async function listCounts(
  db: Db,
  businessId: string,
  status?: string,
  /** The locations the reader may see (null or absent = all). */
  locationIds?: string[] | null,
): Promise<StockCount[]> {
  let q = db.kysely.selectFrom('stock_counts').select('id').where('business_id', '=', businessId);
  if (status) q = q.where('status', '=', status);
  if (locationIds) q = q.where('location_id', 'in', scopeIds(locationIds));
  const rows = await q.orderBy('started_at', 'desc').orderBy('id', 'desc').limit(100).execute();
  return Promise.all(rows.map((r) => loadCount(db.kysely, businessId, r.id)));
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

/** Starts a count: snapshots what the ledger says is at the location. Idempotent by its id. */
export async function startCount(
  db: Db,
  actor: Actor & Operator,
  body: z.output<typeof countStartSchema>,
): Promise<StockCount> {
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await lockBusiness(db, trx, actor.businessId);
      const hash = requestHash(body);
      // the location first: a count sent again is answered only to a user who may count there
      await requireUsableLocation(trx, actor, body.location_id, 'location_id');
      if (await isReplay(trx, 'stock_counts', body.id, actor.businessId, hash)) return;
      await assertHomeHere(trx, actor.businessId, body.location_id);
      const open = await trx
        .selectFrom('stock_counts')
        .select('id')
        .where(ofBusiness(trx, 'business_id', actor.businessId))
        .where('location_id', '=', body.location_id)
        .where('status', '=', sql.lit('open'))
        .executeTakeFirst();
      if (open) throw new AppError('count_open', 'A count is already open at this location');
      await trx
        .insertInto('stock_counts')
        .values({
          id: body.id,
          business_id: actor.businessId,
          location_id: body.location_id,
          status: 'open',
          freeze_sales: body.freeze_sales ? 1 : 0,
          note: body.note,
          request_hash: hash,
          started_by: actor.userId,
          started_at: actor.at,
          closed_by: null,
          closed_at: null,
        })
        .execute();
      const levels = await trx
        .selectFrom('stock_levels')
        .innerJoin('products', (j) =>
          j
            .onRef('products.id', '=', 'stock_levels.product_id')
            .onRef('products.business_id', '=', 'stock_levels.business_id'),
        )
        .select(['stock_levels.product_id', 'stock_levels.quantity', 'products.avg_cost'])
        .where(ofBusiness(trx, 'stock_levels.business_id', actor.businessId))
        .where('stock_levels.location_id', '=', body.location_id)
        .where('stock_levels.quantity', '!=', 0)
        .execute();
      for (let i = 0; i < levels.length; i += 200) {
        await trx
          .insertInto('stock_count_expected')
          .values(
            levels.slice(i, i + 200).map((l) => ({
              count_id: body.id,
              business_id: actor.businessId,
              product_id: l.product_id,
              expected: Number(l.quantity),
              avg_cost: Number(l.avg_cost),
            })),
          )
          .execute();
      }
      const { stamp } = await appendJournal(trx, {
        ...actor.journal,
        docType: 'stock_count',
        docId: body.id,
        action: 'stock_count.start',
        detail: { location_id: body.location_id, freeze_sales: body.freeze_sales },
      });
      await stampRecord(trx, actor.businessId, 'stock_count', body.id, stamp, null);
    });
  } catch (err) {
    if (isUniqueViolation(err) && !isPrimaryKeyViolation(err))
      throw new AppError('count_open', 'A count is already open at this location');
    throw err;
  }
  return loadCount(db.kysely, actor.businessId, body.id);
}

/**
 * Adds what a counter counted; several people may count at once. Idempotent by the entry id.
 * Answers the count with the counted total of this entry's product only: a scan reads and sends
 * one product's figure, not every counted one again (the count itself is read apart, `loadCount`).
 */
export async function addEntry(
  db: Db,
  actor: Actor & Operator,
  countId: string,
  body: z.output<typeof countEntrySchema>,
): Promise<StockCount> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockBusiness(db, trx, actor.businessId);
    const c = await countRow(trx, actor.businessId, countId);
    const hash = requestHash({ count_id: countId, ...body });
    if (await isReplay(trx, 'stock_count_entries', body.id, actor.businessId, hash, actor.userId)) return;
    if (c.status !== 'open') throw countClosed(c.status);
    await requireUsableLocation(trx, actor, c.location_id, 'location_id');
    await assertHomeHere(trx, actor.businessId, c.location_id);
    await requireActiveProducts(trx, actor.businessId, [{ product_id: body.product_id }]);
    const sofar = (await countedTotals(trx, actor.businessId, countId, body.product_id))[0]?.quantity ?? 0;
    if (sofar + body.quantity < 0)
      throw new AppError('validation_failed', 'A count cannot go below zero', 'quantity');
    // a typo of a million units is refused here, as a stock document's line (ADR 9), not when the
    // count is reviewed or finalised
    const cost = (await currentCosts(trx, actor.businessId, [body.product_id])).get(body.product_id) ?? 0;
    if (lineAmount(sofar + body.quantity, cost) > MAX_SALE_AMOUNT)
      throw new AppError('amount_too_large', TOO_LARGE, 'quantity');
    await trx
      .insertInto('stock_count_entries')
      .values({
        id: body.id,
        count_id: countId,
        business_id: actor.businessId,
        product_id: body.product_id,
        quantity: body.quantity,
        request_hash: hash,
        user_id: actor.userId,
        device_id: actor.deviceId,
        created_at: actor.at,
      })
      .execute();
    // The entry is its own document (sync sends it alone, not the whole count again).
    await appendJournal(trx, {
      ...actor.journal,
      docType: 'stock_count_entry',
      docId: body.id,
      action: 'stock_count.entry',
      detail: { count_id: countId, product_id: body.product_id, quantity: body.quantity },
    });
  });
  return loadCount(db.kysely, actor.businessId, countId, body.product_id);
}

/**
 * A count closed already, the other way than asked (or an entry after it closed): refused with how
 * it was closed. The same close again is no refusal (finalise and cancel answer the closed count).
 */
function countClosed(status: string): AppError<'count_closed'> {
  const closed = status === 'cancelled' ? 'cancelled' : 'finalised';
  return new AppError('count_closed', `This count is already ${closed}`, undefined, {}, { status: closed });
}

const TOO_LARGE = `A count may correct stock by at most ${MAX_SALE_AMOUNT.toLocaleString('en')} in minor units`;

/**
 * The products' average cost now, by id: a few hundred ids a read, as a count of a whole shop
 * names more products than one statement takes parameters (SQLite's 32,766, PostgreSQL's 65,535).
 */
async function currentCosts(db: Q, businessId: string, ids: string[]): Promise<Map<string, number>> {
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

/**
 * What each product's variance is valued at: an open count at the average cost now, which its
 * finalise books (a receipt during the count moves it: the admin approves the loss that is
 * written); a finalised one at the cost its corrections were booked at, so its review stays as
 * it was written.
 */
async function varianceCosts(
  db: Q,
  businessId: string,
  count: StockCount,
  ids: string[],
): Promise<Map<string, number>> {
  if (count.status !== 'finalised') return currentCosts(db, businessId, ids);
  const booked = await db
    .selectFrom('stock_movements')
    .select(['product_id', 'unit_cost'])
    .where('doc_id', '=', count.id)
    .where('kind', '=', 'count_correction')
    .where(ofBusiness(db, 'business_id', businessId))
    .execute();
  return new Map(booked.map((m) => [m.product_id, Number(m.unit_cost)]));
}

/** Expected against counted, with what moved at the location since the count began. */
export async function reviewCount(db: Q, businessId: string, countId: string): Promise<StockCountReview> {
  const row = await countRow(db, businessId, countId);
  const count = await countOf(db, businessId, row);
  // a closed count: what moved while it was open, as kept when it closed (migration 0031)
  const kept = row.moved_since_start ? (JSON.parse(row.moved_since_start) as Record<string, number>) : null;
  const expected = await db
    .selectFrom('stock_count_expected')
    .innerJoin('products', (j) =>
      j
        .onRef('products.id', '=', 'stock_count_expected.product_id')
        .onRef('products.business_id', '=', 'stock_count_expected.business_id'),
    )
    .select(['stock_count_expected.product_id', 'products.name as product_name', 'expected'])
    .where(ofBusiness(db, 'stock_count_expected.business_id', businessId))
    .where('count_id', '=', countId)
    .execute();
  // What moved at the location since the start is the level now less the snapshot: exact,
  // with no reliance on clocks (one open count per location, so no corrections in between).
  const now = await db
    .selectFrom('stock_levels')
    .select(['product_id', 'quantity'])
    .where(ofBusiness(db, 'business_id', businessId))
    .where('location_id', '=', count.location_id)
    .execute();
  const levelNow = new Map(now.map((l) => [l.product_id, Number(l.quantity)]));
  const costs = await varianceCosts(db, businessId, count, [
    ...new Set([...expected.map((e) => e.product_id), ...count.counted.map((c) => c.product_id)]),
  ]);
  // an open count's gains of a product with no average cost yet: at its buying price, as finalise books them
  const found =
    count.status === 'finalised' ? undefined : await foundAtBuyingPrice(db, businessId, count.counted);
  const lines = new Map<string, StockCountReview['lines'][number]>();
  for (const e of expected) {
    lines.set(e.product_id, {
      product_id: e.product_id,
      product_name: e.product_name,
      expected: Number(e.expected),
      counted: null,
      variance: 0,
      variance_value: 0,
      moved_since_start: kept
        ? (kept[e.product_id] ?? 0)
        : (levelNow.get(e.product_id) ?? 0) - Number(e.expected),
    });
  }
  for (const c of count.counted) {
    const line = lines.get(c.product_id) ?? {
      product_id: c.product_id,
      product_name: c.product_name,
      expected: 0,
      counted: null,
      variance: 0,
      variance_value: 0,
      moved_since_start: kept ? (kept[c.product_id] ?? 0) : (levelNow.get(c.product_id) ?? 0),
    };
    line.counted = c.quantity;
    line.variance = c.quantity - line.expected;
    line.variance_value = lineAmount(line.variance, bookedCost(line, costs, found));
    lines.set(c.product_id, line);
  }
  const sorted = [...lines.values()].sort(
    (a, b) => compareText(a.product_name, b.product_name) || compareIds(a.product_id, b.product_id),
  );
  return { count, lines: sorted, total_variance_value: sorted.reduce((s, l) => s + l.variance_value, 0) };
}

/** What moved at the location since the count began, per product, as kept when it closes. */
const movedOf = (review: StockCountReview): string =>
  JSON.stringify(Object.fromEntries(review.lines.map((l) => [l.product_id, l.moved_since_start])));

/**
 * Finalises a count: each counted product gets a correction of (counted − expected at the start),
 * so movements made after the count began are kept. Products nobody counted are left as they are.
 */
export async function finaliseCount(db: Db, actor: Actor, countId: string): Promise<StockCountReview> {
  return db.kysely.transaction().execute(async (trx) => {
    await lockBusiness(db, trx, actor.businessId);
    const c = await countRow(trx, actor.businessId, countId);
    // finalised already (a retry whose first answer was lost, or a finalise that ran at the same time
    // and took the lock first): its review as booked, nothing posted again
    if (c.status === 'finalised') return reviewCount(trx, actor.businessId, countId);
    if (c.status !== 'open') throw countClosed(c.status);
    await assertHomeHere(trx, actor.businessId, c.location_id);
    const before = await snapshotRecord(trx, actor.businessId, 'stock_count', countId);
    const review = await reviewCount(trx, actor.businessId, countId);
    // at the costs the review valued them at: the products' average cost now, a gain of a product
    // with none yet at its buying price (which it then moves, as a receipt would)
    const found = await foundAtBuyingPrice(trx, actor.businessId, review.count.counted);
    const costs = await currentCosts(
      trx,
      actor.businessId,
      review.lines.map((l) => l.product_id),
    );
    const total = review.lines.reduce((sum, l, i) => {
      if (Math.abs(l.variance_value) > MAX_SALE_AMOUNT)
        throw new AppError('amount_too_large', TOO_LARGE, `lines.${i}.counted`);
      return sum + Math.abs(l.variance_value);
    }, 0);
    if (total > MAX_SALE_AMOUNT) throw new AppError('amount_too_large', TOO_LARGE, 'lines');
    const movements: MovementInput[] = review.lines
      .filter((l) => l.counted !== null && l.variance !== 0)
      .map((l) => ({
        productId: l.product_id,
        locationId: c.location_id,
        quantity: l.variance,
        unitCost: bookedCost(l, costs, found),
        kind: 'count_correction',
        docType: 'stock_count',
        docId: countId,
        reason: COUNT_REASON,
      }));
    await refuseInactiveCorrections(trx, actor.businessId, c, movements);
    await moveCountedCosts(trx, actor, countId, found, movements);
    // Corrections make the books match the shelf; they are never refused for going below zero.
    await postMovements(trx, actor, movements, { dialect: db.dialect, allowNegative: true });
    await trx
      .updateTable('stock_counts')
      .set({
        status: 'finalised',
        closed_by: actor.userId,
        closed_at: actor.at,
        moved_since_start: movedOf(review),
      })
      .where('id', '=', countId)
      .where('business_id', '=', actor.businessId)
      .execute();
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'stock_count',
      docId: countId,
      action: 'stock_count.finalise',
      detail: { corrections: movements.length, variance_value: review.total_variance_value },
    });
    await stampRecord(trx, actor.businessId, 'stock_count', countId, stamp, before);
    return reviewCount(trx, actor.businessId, countId);
  });
}

export async function cancelCount(db: Db, actor: Actor, countId: string): Promise<StockCount> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockBusiness(db, trx, actor.businessId);
    const c = await countRow(trx, actor.businessId, countId);
    // cancelled already (a retry whose first answer was lost): the count as it was cancelled
    if (c.status === 'cancelled') return;
    if (c.status !== 'open') throw countClosed(c.status);
    await assertHomeHere(trx, actor.businessId, c.location_id);
    const before = await snapshotRecord(trx, actor.businessId, 'stock_count', countId);
    const review = await reviewCount(trx, actor.businessId, countId);
    await trx
      .updateTable('stock_counts')
      .set({
        status: 'cancelled',
        closed_by: actor.userId,
        closed_at: actor.at,
        moved_since_start: movedOf(review),
      })
      .where('business_id', '=', actor.businessId)
      .where('id', '=', countId)
      .execute();
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'stock_count',
      docId: countId,
      action: 'stock_count.cancel',
    });
    await stampRecord(trx, actor.businessId, 'stock_count', countId, stamp, before);
  });
  return loadCount(db.kysely, actor.businessId, countId);
}
