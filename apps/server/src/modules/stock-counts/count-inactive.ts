import type { Kysely } from 'kysely';
import { ofBusiness } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { AppError } from '../../lib/errors.js';
import type { MovementInput } from '../inventory/ledger.js';

/**
 * A count's corrections never stock an inactive location or product (an inactive one holds no
 * stock: it can be neither sold, moved, counted nor written off). Deactivating either is refused
 * while a count is open (`count_open`, `product_in_count`); this holds when one became inactive
 * all the same (a shop's change synced in, a CSV import): the finalise is refused, naming it
 * (`location_inactive`, `product_inactive`), and the count can still be cancelled or finalised
 * once it is active again.
 */
export async function refuseInactiveCorrections(
  db: Kysely<Database>,
  businessId: string,
  count: { id: string; location_id: string },
  corrections: MovementInput[],
): Promise<void> {
  if (corrections.length === 0) return;
  const location = await db
    .selectFrom('locations')
    .select('active')
    .where('id', '=', count.location_id)
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (location?.active !== 1)
    throw new AppError(
      'location_inactive',
      "The count's location is inactive: activate it again or cancel the count",
      'location_id',
    );
  const inactive = await db
    .selectFrom('stock_count_entries as e')
    .innerJoin('products as p', (j) =>
      j.onRef('p.id', '=', 'e.product_id').onRef('p.business_id', '=', 'e.business_id'),
    )
    .select(['p.id', 'p.name'])
    .distinct()
    .where(ofBusiness(db, 'e.business_id', businessId))
    .where('e.count_id', '=', count.id)
    .where((eb) => eb.or([eb('p.active', '!=', 1), eb('p.deleted_at', 'is not', null)]))
    .execute();
  const corrected = new Set(corrections.map((m) => m.productId));
  const p = inactive.find((i) => corrected.has(i.id));
  if (p)
    throw new AppError(
      'product_inactive',
      `${p.name} is inactive: activate it again to finalise the count, or cancel the count`,
      'lines',
      {},
      { product_id: p.id, name: p.name },
    );
}
