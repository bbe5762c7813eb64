import { expect } from 'vitest';
import type { Db } from '../db/database.js';

/** Every stock level equals the sum of its movements, and no movements lack a level. */
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
}
