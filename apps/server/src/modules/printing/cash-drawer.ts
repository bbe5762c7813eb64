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

/** How long after its signing the printer helper's page may give a first print's opening back. */
export const RETURN_WITHIN_MS = 5 * 60 * 1000;

/**
 * Gives back a cash sale's first-print opening that the printer helper's page says never reached
 * the printer (the helper refused the job before sending a byte: out of paper, cover open, no
 * connection), so the sale's next print opens the drawer. Only the user who claimed it, and only
 * for RETURN_WITHIN_MS after the claim. The page's word cannot be checked, so the row is kept as a
 * record (no sale, reason `first_print_returned`) rather than deleted: the opening may have
 * happened. False when there was nothing of theirs to give back.
 */
export async function returnFirstPrintOpening(db: Q, actor: Actor, saleId: string): Promise<boolean> {
  const since = new Date(Date.parse(actor.at) - RETURN_WITHIN_MS).toISOString();
  const res = await db
    .updateTable('drawer_openings')
    .set({ sale_id: null, reason: 'first_print_returned' })
    .where('business_id', '=', actor.businessId)
    .where('sale_id', '=', saleId)
    .where('reason', '=', 'first_print')
    .where('user_id', '=', actor.userId ?? '')
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
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
