/**
 * Closing a count: finalise (corrections of counted − expected at the start, so what moved after
 * it began is kept) or cancel. Each is idempotent: the same close again answers the closed count.
 */
import { type StockCount, type StockCountReview, COUNT_REASON, MAX_SALE_AMOUNT } from '@duka/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { businessDay } from '@duka/domain';
import type { Actor } from '../../lib/context.js';
import { appendJournal } from '../../lib/journal.js';
import { snapshotRecord, stampRecord } from '../../lib/stamps.js';
import { lockBusiness, lockedSaleSettings } from '../../lib/tx.js';
import { assertHomeHere } from '../locations/location-home.js';
import { type MovementInput, postMovements } from '../inventory/ledger.js';
import { bookedCost, foundAtBuyingPrice, moveCountedCosts } from './count-costs.js';
import { refuseInactiveCorrections } from './count-inactive.js';
import { countRow, currentCosts, loadCount } from './count-reads.js';
import { TOO_LARGE, countClosed } from './count-refusals.js';
import { movedOf, reviewCount } from './count-review.js';

/**
 * Finalises a count: each counted product gets a correction of (counted − expected at the start),
 * so movements made after the count began are kept. Products nobody counted are left as they are.
 */
export async function finaliseCount(db: Db, actor: Actor, countId: string): Promise<StockCountReview> {
  return db.kysely.transaction().execute(async (trx) => {
    // the time zone the corrections' day is read in, read under the lock as a stock document's is
    const { timezone } = await lockedSaleSettings(trx, actor.businessId);
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
    // named in the finalise's entry too, for a linked copy (sync/movement-days.ts)
    const day = businessDay(actor.at, timezone);
    await postMovements(trx, actor, movements, {
      dialect: db.dialect,
      day,
      allowNegative: true,
    });
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
      detail: { corrections: movements.length, variance_value: review.total_variance_value, day },
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
