/**
 * A count's review: expected against counted, valued, with what moved at the location since the
 * count began (an open count's from the levels now, a closed one's as kept when it closed).
 */
import { type StockCount, type StockCountReview, compareIds, compareText, lineAmount } from '@duka/domain';
import { ofBusiness } from '../../db/dialect.js';
import { bookedCost, foundAtBuyingPrice } from './count-costs.js';
import { type Q, countOf, countRow, currentCosts } from './count-reads.js';

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
    .select(['stock_count_expected.product_id', 'products.name as product_name', 'products.unit', 'expected'])
    .where(ofBusiness(db, 'stock_count_expected.business_id', businessId))
    .where('count_id', '=', countId)
    .execute();
  // A counted product was expected to be at its level when it was counted (its first entry's,
  // migration 0040): what moved before the counters reached it is on the shelf they counted, and
  // is not corrected for again (ADR 4). Entries from before the migration: the snapshot.
  const entered = await db
    .selectFrom('stock_count_entries')
    .select(['product_id', 'level_at_entry'])
    .where(ofBusiness(db, 'business_id', businessId))
    .where('count_id', '=', countId)
    .where('level_at_entry', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const atCount = new Map<string, number>();
  for (const e of entered)
    if (!atCount.has(e.product_id)) atCount.set(e.product_id, Number(e.level_at_entry));
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
      unit: e.unit,
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
      unit: c.unit,
      expected: 0,
      counted: null,
      variance: 0,
      variance_value: 0,
      moved_since_start: 0,
    };
    line.expected = atCount.get(c.product_id) ?? line.expected;
    // since it was counted (since the start for an entry from before migration 0040)
    line.moved_since_start = kept
      ? (kept[c.product_id] ?? 0)
      : (levelNow.get(c.product_id) ?? 0) - line.expected;
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
export const movedOf = (review: StockCountReview): string =>
  JSON.stringify(Object.fromEntries(review.lines.map((l) => [l.product_id, l.moved_since_start])));
