import { compiledQuery } from '../../db/compiled-query.js';
import type { Trx } from '../../lib/tx.js';

/**
 * The stock levels below zero, kept beside the levels (issue 21, migration 0027): a level has a
 * row in `stock_below_zero` while its quantity is below zero, so the notifications count the
 * products below zero from these rows instead of every level of the business.
 *
 * Every write of the levels answers their new quantities (the upsert's `returning`); from each
 * one's quantity and how much it moved, `keepBelowZero` tells the levels that crossed zero and
 * adds or removes their rows. Most writes cross nothing and cost no statement here.
 * `test/ledger-check.ts` holds the rows to the levels after every write its tests make.
 */

type Key = { product_id: string; location_id: string };

const addBelow = compiledQuery((db, a: { rows: (Key & { business_id: string })[] }) =>
  db
    .insertInto('stock_below_zero')
    .values(a.rows)
    .onConflict((oc) => oc.doNothing()),
);

const removeBelow = compiledQuery((db, a: { businessId: string; keys: Key[] }) =>
  db
    .deleteFrom('stock_below_zero')
    .where('business_id', '=', a.businessId)
    .where((eb) =>
      eb.or(
        a.keys.map((k) =>
          eb.and([eb('product_id', '=', k.product_id), eb('location_id', '=', k.location_id)]),
        ),
      ),
    ),
);

/**
 * After a write of levels: `after` the levels it moved with their new quantities, `movedBy` how
 * much each moved (a new level moved from zero).
 */
export async function keepBelowZero(
  trx: Trx,
  businessId: string,
  after: readonly (Key & { quantity: number | string })[],
  movedBy: (productId: string, locationId: string) => number,
): Promise<void> {
  let below: (Key & { business_id: string })[] | undefined;
  let back: Key[] | undefined;
  for (const row of after) {
    const now = Number(row.quantity);
    const before = now - movedBy(row.product_id, row.location_id);
    const key = { product_id: row.product_id, location_id: row.location_id };
    if (now < 0 && before >= 0) (below ??= []).push({ business_id: businessId, ...key });
    else if (now >= 0 && before < 0) (back ??= []).push(key);
  }
  // a count's finalise may move thousands across zero: a few hundred a statement (SQLite's
  // bound parameters, and its expression depth for the `or` of the keys removed)
  for (let i = 0; below && i < below.length; i += BELOW_PER_STATEMENT)
    await addBelow.run(trx, { rows: below.slice(i, i + BELOW_PER_STATEMENT) });
  for (let i = 0; back && i < back.length; i += BELOW_PER_STATEMENT)
    await removeBelow.run(trx, { businessId, keys: back.slice(i, i + BELOW_PER_STATEMENT) });
}

/** Most rows of `stock_below_zero` one statement adds or removes. */
const BELOW_PER_STATEMENT = 200;

/** A business's rows found again from its levels (an archive made before migration 0027 has none). */
export async function recountBelowZero(trx: Trx, businessId: string): Promise<void> {
  await trx.deleteFrom('stock_below_zero').where('business_id', '=', businessId).execute();
  await trx
    .insertInto('stock_below_zero')
    .columns(['business_id', 'product_id', 'location_id'])
    .expression((eb) =>
      eb
        .selectFrom('stock_levels')
        .select(['business_id', 'product_id', 'location_id'])
        .where('business_id', '=', businessId)
        .where('quantity', '<', 0),
    )
    .execute();
}
