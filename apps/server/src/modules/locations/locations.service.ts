import { type Location, nameKey } from '@duka/domain';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import { ofBusiness } from '../../db/dialect.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/context.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';
import { ownServerId } from '../../lib/server-id.js';
import { snapshotRecord, stampRecord } from '../../lib/stamps.js';
import { lockBusiness } from '../../lib/tx.js';
import { withHome } from './location-home.js';

export async function listLocations(db: Db, businessId: string): Promise<Location[]> {
  const rows = await db.kysely
    .selectFrom('locations')
    .select(['id', 'name', 'active', 'home_server_id'])
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return withHome(
    db,
    rows.map((l) => ({ ...l, active: l.active === 1 })),
  );
}

async function one(db: Db, businessId: string, id: string): Promise<Location> {
  const found = (await listLocations(db, businessId)).find((l) => l.id === id);
  if (!found) throw notFound('Location');
  return found;
}

/**
 * Two locations of one name cannot be told apart in the pickers (a transfer's From and To, a
 * count, the reports): refused. Deleted ones are gone from every picker and do not count.
 */
async function refuseTakenName(
  trx: Kysely<Database>,
  businessId: string,
  name: string,
  id: string,
): Promise<void> {
  const rows = await trx
    .selectFrom('locations')
    .select(['id', 'name'])
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .where('id', '!=', id)
    .execute();
  const key = nameKey(name);
  if (rows.some((r) => nameKey(r.name) === key))
    throw new AppError('location_name_taken', 'Another location has this name', 'name');
}

/** Adds a location; idempotent by its id. */
export async function addLocation(db: Db, actor: Actor, id: string, name: string): Promise<Location> {
  await db.kysely.transaction().execute(async (trx) => {
    // a retry sent while the first is still running waits for it, then answers its result
    await lockBusiness(db, trx, actor.businessId);
    const hash = requestHash({ name });
    if (await isReplay(trx, 'locations', id, actor.businessId, hash)) return;
    await refuseTakenName(trx, actor.businessId, name, id);
    await trx
      .insertInto('locations')
      .values({
        id,
        business_id: actor.businessId,
        name,
        active: 1,
        home_server_id: await ownServerId(trx),
        request_hash: hash,
        created_at: actor.at,
        updated_at: actor.at,
        deleted_at: null,
      })
      .execute();
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'location',
      docId: id,
      action: 'location.create',
      detail: { name },
    });
    await stampRecord(trx, actor.businessId, 'location', id, stamp, null);
  });
  return one(db, actor.businessId, id);
}

/** Whether the location holds, or owes (below zero), stock of some product. */
export async function holdsStockAt(trx: Kysely<Database>, businessId: string, id: string): Promise<boolean> {
  const held = await trx
    .selectFrom('stock_levels')
    .select('product_id')
    .where(ofBusiness(trx, 'business_id', businessId))
    .where('location_id', '=', id)
    .where('quantity', '!=', 0)
    .limit(1)
    .executeTakeFirst();
  return !!held;
}

/** Whether a count is open at the location: its finalise would stock it inactive (ADR 4). */
export async function countingAt(trx: Kysely<Database>, businessId: string, id: string): Promise<boolean> {
  const counting = await trx
    .selectFrom('stock_counts')
    .select('id')
    .where(ofBusiness(trx, 'business_id', businessId))
    .where('location_id', '=', id)
    .where('status', '=', sql.lit('open'))
    .limit(1)
    .executeTakeFirst();
  return !!counting;
}

/** The business's open (active, not deleted) locations, but those of `except`. */
export async function openLocationsBut(
  trx: Kysely<Database>,
  businessId: string,
  except: readonly string[],
): Promise<number> {
  let q = trx
    .selectFrom('locations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', businessId)
    .where('active', '=', 1)
    .where('deleted_at', 'is', null);
  if (except.length > 0) q = q.where('id', 'not in', except);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/**
 * Renames or (de)activates a location: never while it holds stock or a count is open there, never
 * the last active one.
 */
export async function updateLocation(
  db: Db,
  actor: Actor,
  id: string,
  patch: { name?: string; active?: boolean },
): Promise<Location> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockBusiness(db, trx, actor.businessId);
    const loc = await trx
      .selectFrom('locations')
      .selectAll()
      .where('id', '=', id)
      .where('business_id', '=', actor.businessId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!loc) throw notFound('Location');
    const before = await snapshotRecord(trx, actor.businessId, 'location', id);
    if (patch.name !== undefined) await refuseTakenName(trx, actor.businessId, patch.name, id);
    if (patch.active === false && loc.active === 1) {
      if (await holdsStockAt(trx, actor.businessId, id))
        throw new AppError(
          'location_holds_stock',
          'Move or write off the stock held here before deactivating it',
        );
      if (await countingAt(trx, actor.businessId, id))
        throw new AppError(
          'count_open',
          'A stock count is open at this location: finalise or cancel it before deactivating it',
        );
      if ((await openLocationsBut(trx, actor.businessId, [id])) === 0)
        throw new AppError('conflict', 'The last active location cannot be deactivated');
    }
    await trx
      .updateTable('locations')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.active !== undefined ? { active: patch.active ? 1 : 0 } : {}),
        updated_at: actor.at,
      })
      .where('id', '=', id)
      .where('business_id', '=', actor.businessId)
      .execute();
    const action =
      patch.active === false
        ? 'location.deactivate'
        : patch.active === true && loc.active === 0
          ? 'location.activate'
          : 'location.update';
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'location',
      docId: id,
      action,
      detail: { ...patch },
    });
    await stampRecord(trx, actor.businessId, 'location', id, stamp, before);
  });
  return one(db, actor.businessId, id);
}
