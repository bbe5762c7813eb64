import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Actor } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { RETURN_WITHIN_MS } from './cash-drawer.js';

type Q = Kysely<Database>;

/**
 * The server knows every print of a receipt: each network print it sends and each print it signs
 * for the printer helper is a row of receipt_prints. The first is the receipt's original (its
 * `original_of` is unique per business, so of two prints at once one only is); every print after it
 * says "COPY" under the title. A print that reached no printer is given back: it never counted.
 *
 * Prints are not journaled: like drawer openings they are this server's record of its printers,
 * not a business document that sync carries (ADR 11); they travel in archives, so a moved shop's
 * reprints still say "COPY".
 */

/** Whether the receipt has been printed (or signed for printing) before. */
export async function printedBefore(db: Q, businessId: string, receiptNo: string): Promise<boolean> {
  const row = await db
    .selectFrom('receipt_prints')
    .select('id')
    .where('business_id', '=', businessId)
    .where('receipt_no', '=', receiptNo)
    .executeTakeFirst();
  return row !== undefined;
}

/** A print's row: the receipt's original (`original_of`) or a copy. */
const printRow = (actor: Actor, receiptNo: string, original: boolean) => ({
  id: newId(),
  business_id: actor.businessId,
  receipt_no: receiptNo,
  original_of: original ? receiptNo : null,
  user_id: actor.userId ?? '',
  device_id: actor.deviceId,
  printed_at: actor.at,
});

/**
 * Claims a receipt's original print; null when it has one (printed before, or another print took
 * it first: this print is a copy). The id, to give the print back with `forgetPrint`.
 */
export async function claimOriginalPrint(db: Q, actor: Actor, receiptNo: string): Promise<string | null> {
  const row = printRow(actor, receiptNo, true);
  const res = await db
    .insertInto('receipt_prints')
    .values(row)
    // the same key on both databases (migration 0033)
    .onConflict((oc) => oc.columns(['original_of', 'business_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1 ? row.id : null;
}

/** Records a copy of a receipt (any print after its original); its id. */
export async function recordCopy(db: Q, actor: Actor, receiptNo: string): Promise<string> {
  const row = printRow(actor, receiptNo, false);
  await db.insertInto('receipt_prints').values(row).execute();
  return row.id;
}

/** Gives back a print that reached no printer: it does not count. */
export async function forgetPrint(db: Q, businessId: string, id: string): Promise<void> {
  await db.deleteFrom('receipt_prints').where('business_id', '=', businessId).where('id', '=', id).execute();
}

/**
 * Gives back a receipt's original print that the printer helper's page says never reached the
 * printer (with its drawer opening: cash-drawer.ts `returnFirstPrintOpening`), so the next print
 * is the original again. Only the user who had it signed, within RETURN_WITHIN_MS.
 */
export async function returnOriginalPrint(db: Q, actor: Actor, receiptNo: string): Promise<boolean> {
  const since = new Date(Date.parse(actor.at) - RETURN_WITHIN_MS).toISOString();
  const res = await db
    .deleteFrom('receipt_prints')
    .where('business_id', '=', actor.businessId)
    .where('original_of', '=', receiptNo)
    .where('user_id', '=', actor.userId ?? '')
    .where('printed_at', '>=', since)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
