import type { ReceiptType } from '@duka/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Actor } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import type { DialectName } from '../../db/dialect.js';
import { conflictTarget } from '../../db/keys.js';

type Q = Kysely<Database>;

/**
 * The cash drawer opens with the first print (never a reprint) of a receipt whose money moves in
 * cash: a cash sale, a cash refund (a reversal of a cash sale: a debtor's refund goes to their
 * account, a transfer's back by transfer) or a debtor's cash payment (receipt-render.ts
 * `opensDrawer`); and on the explicit "Open drawer" of a user allowed to (OPEN_DRAWER_ACCESS).
 * Each opening is a row of drawer_openings: a receipt has one at most (a sale's unique sale_id,
 * migration 0012; a refund's or payment's unique receipt_no with business_id, 0034), so whether a
 * print may open the drawer is one lookup, and claiming it is one insert that a second, racing
 * print loses. Every document is one the caller found within the session's business.
 *
 * Openings are not journaled: they are this server's record of its till hardware, not a business
 * document that sync carries (ADR 11).
 */

/** The receipt a first print opens the drawer for, as found within the business. */
export interface DrawerDocument {
  type: ReceiptType;
  id: string;
  receipt_no: string;
}

/** The column that keys a document's opening, and its value. */
function keyOf(doc: DrawerDocument): { column: 'sale_id' | 'receipt_no'; value: string } {
  return doc.type === 'sale'
    ? { column: 'sale_id', value: doc.id }
    : { column: 'receipt_no', value: doc.receipt_no };
}

/** Whether the receipt's first print has opened the drawer (or is claimed to). */
export async function drawerOpenedFor(db: Q, businessId: string, doc: DrawerDocument): Promise<boolean> {
  const key = keyOf(doc);
  const row = await db
    .selectFrom('drawer_openings')
    .select('id')
    .where('business_id', '=', businessId)
    .where(key.column, '=', key.value)
    .executeTakeFirst();
  return row !== undefined;
}

/** Claims a receipt's one drawer opening; false when another print already has it. */
export async function claimFirstPrintOpening(
  db: Q,
  dialect: DialectName,
  actor: Actor,
  doc: DrawerDocument,
): Promise<boolean> {
  const sale = doc.type === 'sale';
  const res = await db
    .insertInto('drawer_openings')
    .values({
      id: newId(),
      business_id: actor.businessId,
      sale_id: sale ? doc.id : null,
      receipt_no: sale ? null : doc.receipt_no,
      reason: 'first_print',
      user_id: actor.userId ?? '',
      device_id: actor.deviceId,
      created_at: actor.at,
    })
    .onConflict((oc) =>
      // a sale's key has business_id on PostgreSQL only (0020); a receipt's on both (0034)
      (sale
        ? oc.columns(conflictTarget(dialect, ['sale_id']))
        : oc.columns(['receipt_no', 'business_id'])
      ).doNothing(),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Gives a claim back when the print failed before any byte reached the printer. */
export async function releaseFirstPrintOpening(
  db: Q,
  businessId: string,
  doc: DrawerDocument,
): Promise<void> {
  const key = keyOf(doc);
  await db
    .deleteFrom('drawer_openings')
    .where('business_id', '=', businessId)
    .where(key.column, '=', key.value)
    .where('reason', '=', 'first_print')
    .execute();
}

/** How long after its signing the printer helper's page may give a first print's opening back. */
export const RETURN_WITHIN_MS = 5 * 60 * 1000;

/**
 * Gives back a receipt's first-print opening that the printer helper's page says never reached
 * the printer (the helper refused the job before sending a byte: out of paper, cover open, no
 * connection), so the receipt's next print opens the drawer. Only the user who claimed it, and only
 * for RETURN_WITHIN_MS after the claim. The page's word cannot be checked, so the row is kept as a
 * record (no sale nor receipt, reason `first_print_returned`) rather than deleted: the opening may
 * have happened. False when there was nothing of theirs to give back.
 */
export async function returnFirstPrintOpening(db: Q, actor: Actor, doc: DrawerDocument): Promise<boolean> {
  const since = new Date(Date.parse(actor.at) - RETURN_WITHIN_MS).toISOString();
  const key = keyOf(doc);
  const res = await db
    .updateTable('drawer_openings')
    .set({ sale_id: null, receipt_no: null, reason: 'first_print_returned' })
    .where('business_id', '=', actor.businessId)
    .where(key.column, '=', key.value)
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
      receipt_no: null,
      reason: 'manual',
      user_id: actor.userId ?? '',
      device_id: actor.deviceId,
      created_at: actor.at,
    })
    .execute();
}
