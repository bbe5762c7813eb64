/**
 * A count opened and counted: its start (a snapshot of what the ledger says is at the location)
 * and the counters' entries. Reads: count-reads.ts; review: count-review.ts; finalise and cancel:
 * count-close.ts.
 */
import {
  type StockCount,
  type countEntrySchema,
  type countStartSchema,
  lineAmount,
  MAX_SALE_AMOUNT,
} from '@duka/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import { ofBusiness } from '../../db/dialect.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import type { Actor, Operator } from '../../lib/context.js';
import { isPrimaryKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';
import { stampRecord } from '../../lib/stamps.js';
import { lockBusiness } from '../../lib/tx.js';
import { assertHomeHere } from '../locations/location-home.js';
import { requireActiveProducts, requireUsableLocation, requireWhole } from '../inventory/stock-rules.js';
import { countRow, countedTotals, currentCosts, loadCount } from './count-reads.js';
import { TOO_LARGE, countClosed } from './count-refusals.js';

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
    const counted = await requireActiveProducts(trx, actor.businessId, [{ product_id: body.product_id }]);
    // 2.25 "each" counted is a typo: a product counted in pieces takes whole numbers (an entry below
    // zero too; the total of earlier entries kept with a fraction is not the entry's to refuse)
    requireWhole(body.quantity, counted.get(body.product_id)!, 'quantity');
    const sofar = (await countedTotals(trx, actor.businessId, countId, body.product_id))[0]?.quantity ?? 0;
    if (sofar + body.quantity < 0)
      throw new AppError('count_below_zero', 'A count cannot go below zero', 'quantity');
    // a typo of a million units is refused here, as a stock document's line (ADR 9), not when the
    // count is reviewed or finalised
    const cost = (await currentCosts(trx, actor.businessId, [body.product_id])).get(body.product_id) ?? 0;
    if (lineAmount(sofar + body.quantity, cost) > MAX_SALE_AMOUNT)
      throw new AppError('amount_too_large', TOO_LARGE, 'quantity');
    // the level as the product is counted: its first entry's is what finalise corrects from (ADR 4)
    const level = await trx
      .selectFrom('stock_levels')
      .select('quantity')
      .where('business_id', '=', actor.businessId)
      .where('location_id', '=', c.location_id)
      .where('product_id', '=', body.product_id)
      .executeTakeFirst();
    await trx
      .insertInto('stock_count_entries')
      .values({
        id: body.id,
        count_id: countId,
        business_id: actor.businessId,
        product_id: body.product_id,
        quantity: body.quantity,
        level_at_entry: Number(level?.quantity ?? 0),
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
