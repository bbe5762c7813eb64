import { expect } from 'vitest';
import type { Db } from '../db/database.js';
import { countedTransferTotals, totalsOf } from '../modules/transfers/transfer-totals.js';

/**
 * Every stock level equals the sum of its movements, and no movements lack a level; the levels
 * kept as below zero are those below zero; every business's transfer totals equal what its transfers and confirmations add up to,
 * and the transfers kept as waiting are those without a confirmation.
 */
export async function expectLedgerConsistent(db: Db): Promise<void> {
  const levels = await db.kysely
    .selectFrom('stock_levels')
    .select(['product_id', 'location_id', 'quantity'])
    .execute();
  const sums = await db.kysely
    .selectFrom('stock_movements')
    .select(['product_id', 'location_id', (eb) => eb.fn.sum<number>('quantity').as('q')])
    .groupBy(['product_id', 'location_id'])
    .execute();
  const fromLevels = Object.fromEntries(
    levels.map((l) => [`${l.product_id}|${l.location_id}`, Number(l.quantity)]),
  );
  const fromLedger = Object.fromEntries(sums.map((s) => [`${s.product_id}|${s.location_id}`, Number(s.q)]));
  for (const k of Object.keys(fromLevels)) fromLedger[k] ??= 0;
  expect(fromLevels).toEqual(fromLedger);
  await expectBelowZeroKept(db);
  await expectTransferTotalsKept(db);
  await expectWaitingTransfersKept(db);
}

/** The transfers kept as waiting (migration 0028) are those with no confirmation, with their time. */
export async function expectWaitingTransfersKept(db: Db): Promise<void> {
  const keyOf = (r: { business_id: string; created_at: string; transfer_id: string }) =>
    `${r.business_id}|${r.created_at}|${r.transfer_id}`;
  const kept = await db.kysely.selectFrom('transfers_unconfirmed').selectAll().execute();
  const waiting = await db.kysely
    .selectFrom('transfers as t')
    .leftJoin('transfer_confirmations as c', (j) =>
      j.onRef('c.business_id', '=', 't.business_id').onRef('c.transfer_id', '=', 't.id'),
    )
    .select(['t.business_id', 't.created_at', 't.id as transfer_id'])
    .where('c.transfer_id', 'is', null)
    .execute();
  expect(kept.map(keyOf).sort(), 'the transfers kept as waiting').toEqual(waiting.map(keyOf).sort());
}

/** The levels kept as below zero (`inventory/below-zero.ts`) are the levels below zero. */
export async function expectBelowZeroKept(db: Db): Promise<void> {
  const keyOf = (r: { business_id: string; product_id: string; location_id: string }) =>
    `${r.business_id}|${r.product_id}|${r.location_id}`;
  const kept = await db.kysely.selectFrom('stock_below_zero').selectAll().execute();
  const below = await db.kysely
    .selectFrom('stock_levels')
    .select(['business_id', 'product_id', 'location_id'])
    .where('quantity', '<', 0)
    .execute();
  expect(kept.map(keyOf).sort(), 'the levels kept as below zero').toEqual(below.map(keyOf).sort());
}

/** Each business's `transfer_totals` row (none counts as zeros) against its rows counted again. */
export async function expectTransferTotalsKept(db: Db): Promise<void> {
  const businesses = await db.kysely.selectFrom('businesses').select('id').execute();
  const kept = await db.kysely.selectFrom('transfer_totals').selectAll().execute();
  for (const { id } of businesses) {
    const row = kept.find((k) => k.business_id === id);
    const figures = totalsOf(id, {
      transfers_count: Number(row?.transfers_count ?? 0),
      transfers_amount: Number(row?.transfers_amount ?? 0),
      confirmed_count: Number(row?.confirmed_count ?? 0),
      confirmed_amount: Number(row?.confirmed_amount ?? 0),
      references_twice: Number(row?.references_twice ?? 0),
    });
    expect(figures, `the transfer totals of business ${id}`).toEqual(
      await countedTransferTotals(db.kysely, id),
    );
  }
}
