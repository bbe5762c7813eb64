import type { Location } from '@duka/domain';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { appendJournal } from '../../lib/journal.js';
import { ownServerId } from '../../lib/server-id.js';
import { snapshotRecord, stampRecord } from '../../lib/stamps.js';
import { type Trx, lockBusiness } from '../../lib/tx.js';

/**
 * Stock counts and day closes of a location are made only on its home server (ADR 11 §11.4):
 * two servers counting it apart would each correct the same shrinkage, and two closing its day
 * would each count the drawer. Sales, receipts, adjustments, transfers and payments go anywhere.
 * Elsewhere: 409 `location_elsewhere`, naming the home server when this one knows it (the hosted
 * server knows every linked one).
 */
export async function assertHomeHere(trx: Trx, businessId: string, locationId: string): Promise<void> {
  const loc = await trx
    .selectFrom('locations')
    .select('home_server_id')
    .where('id', '=', locationId)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  const home = loc?.home_server_id ?? null;
  if (home === null || home === (await ownServerId(trx))) return;
  const known = await trx
    .selectFrom('sync_servers')
    .select(['name', 'series'])
    .where('id', '=', home)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  throw new AppError(
    'location_elsewhere',
    'Stock counts and day closes of this location are made on the server it belongs to',
    'location_id',
    {},
    { server: known?.name ?? '', series: known?.series ?? '' },
  );
}

/**
 * Moves a location's home to this server (owner only): its counts and day closes are made here
 * from now on. The change travels with the location document like any edit.
 */
export async function moveLocationHome(db: Db, actor: Actor, id: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockBusiness(db, trx, actor.businessId);
    const loc = await trx
      .selectFrom('locations')
      .select('home_server_id')
      .where('id', '=', id)
      .where('business_id', '=', actor.businessId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!loc) throw notFound('Location');
    const here = await ownServerId(trx);
    if (loc.home_server_id === here) return;
    const before = await snapshotRecord(trx, actor.businessId, 'location', id);
    await trx
      .updateTable('locations')
      .set({ home_server_id: here, updated_at: actor.at })
      .where('id', '=', id)
      .where('business_id', '=', actor.businessId)
      .execute();
    // stamped as every edit is (ADR 11 §11.1): a later move on another server wins the merge
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'location',
      docId: id,
      action: 'location.move_home',
      detail: { from: loc.home_server_id, to: here },
    });
    await stampRecord(trx, actor.businessId, 'location', id, stamp, before);
  });
}

/** Whether each location's counts and day closes are made on this server. */
export async function withHome<T extends { id: string }>(
  db: Db,
  rows: (T & { home_server_id: string | null })[],
): Promise<(T & Pick<Location, 'home_here'>)[]> {
  const here = await ownServerId(db.kysely);
  return rows.map(({ home_server_id, ...rest }) => ({
    ...(rest as unknown as T),
    home_here: home_server_id === null || home_server_id === here,
  }));
}
