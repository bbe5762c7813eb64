import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Actor } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import type { DialectName } from '../../db/dialect.js';
import { conflictTarget } from '../../db/keys.js';

type Q = Kysely<Database>;

/**
 * The cash drawer opens with a cash sale's first print only (never on a reprint), and on the
 * explicit "Open drawer" of a user allowed to (OPEN_DRAWER_ACCESS). Each opening is a row of
 * drawer_openings: a sale has one at most (its unique sale_id), so whether a print may open the
 * drawer is one lookup, and claiming it is one insert that a second, racing print loses.
 *
 * Openings are not journaled: they are this server's record of its till hardware, not a business
 * document that sync carries (ADR 11).
 */
export async function drawerOpenedFor(db: Q, businessId: string, saleId: string): Promise<boolean> {
  const row = await db
    .selectFrom('drawer_openings')
    .select('id')
    .where('business_id', '=', businessId)
    .where('sale_id', '=', saleId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Claims a cash sale's one drawer opening; false when another print already has it. */
export async function claimFirstPrintOpening(
  db: Q,
  dialect: DialectName,
  actor: Actor,
  saleId: string,
): Promise<boolean> {
  const res = await db
    .insertInto('drawer_openings')
    .values({
      id: newId(),
      business_id: actor.businessId,
      sale_id: saleId,
      reason: 'first_print',
      user_id: actor.userId ?? '',
      device_id: actor.deviceId,
      created_at: actor.at,
    })
    .onConflict((oc) => oc.columns(conflictTarget(dialect, ['sale_id'])).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Gives a claim back when the print failed before any byte reached the printer. */
export async function releaseFirstPrintOpening(db: Q, businessId: string, saleId: string): Promise<void> {
  await db
    .deleteFrom('drawer_openings')
    .where('business_id', '=', businessId)
    .where('sale_id', '=', saleId)
    .execute();
}

/** Records an explicit "Open drawer". */
export async function recordManualOpening(db: Q, actor: Actor): Promise<void> {
  await db
    .insertInto('drawer_openings')
    .values({
      id: newId(),
      business_id: actor.businessId,
      sale_id: null,
      reason: 'manual',
      user_id: actor.userId ?? '',
      device_id: actor.deviceId,
      created_at: actor.at,
    })
    .execute();
}
