import crypto from 'node:crypto';
import {
  DRAWER_JOB_NAME,
  DRAWER_KICK,
  OPEN_DRAWER_ACCESS,
  RECEIPT_COLUMNS,
  receiptColumnsOf,
  allows,
  receiptJobName,
} from '@duka/domain';
import type { AppDeps } from '../../app-deps.js';
import type { Context } from '../../lib/context.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { receiptDocument } from '../receipts/receipt-model.js';
import { opensDrawer, receiptEscPos } from '../receipts/receipt-render.js';
import { claimFirstPrintOpening, recordManualOpening } from './cash-drawer.js';
import { claimOriginalPrint, printedBefore, recordCopy } from './receipt-prints.js';
import { findReadableReceipt, mayPulseFor } from '../receipts/receipt-access.js';

/**
 * What the server signs for the printer helper (ADR 8). The qz-tray client hashes
 * `JSON.stringify({call, params, timestamp})` and signs the hash; the page sends the server that
 * JSON itself, and the server signs it only when it is a call it would make for this user:
 *
 * - a read of the helper (printers, device, version) for a user who may print receipts;
 * - `print` of exactly one receipt the user may see: one raw base64 item equal to the ESC/POS the
 *   server renders for it (58 or 80 mm), job name `Receipt #NNNNNN`, one copy. The bytes of a
 *   cash sale, a cash refund or a debtor's cash payment that open the cash drawer are signed once
 *   (its first print, recorded in drawer_openings); after that only the bytes without the pulse are. Each signed print is recorded in
 *   receipt_prints: the bytes without "COPY" are signed once (the receipt's original), and after
 *   that only those saying "COPY" are;
 * - `print` of the drawer pulse alone, job name `Cash drawer`, for a user who may open the drawer
 *   (OPEN_DRAWER_ACCESS), recorded as a manual opening.
 *
 * Anything else (other calls, other data, SHA1/SHA256) is 403.
 */

/** Calls that read the helper, signed for anyone who may print. */
const READ_CALLS: ReadonlySet<string> = new Set([
  'getVersion',
  'printers.find',
  'printers.getDefault',
  'networking.device',
  'networking.devices',
  'networking.hostname',
]);

/** A signed call names its time; the server signs only calls made about now (the helper allows 5 min). */
export const SIGN_SKEW_MS = 5 * 60 * 1000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const refuse = (why: string) => forbidden(`Not signed: ${why}`);

/**
 * Who may print at all: any signed-in user, since every user may record a debtor's payment and
 * print its receipt; each print call is signed only for a receipt the user may see (`checkPrint`).
 */
export function mayPrint(ctx: Pick<Context, 'role' | 'roles'>): boolean {
  return allows(ctx, { kind: 'signedIn' });
}

/** The qz-tray call the page wants signed, parsed; refused unless it is in the client's exact form. */
function parseCall(text: string): { call: string; params: unknown; timestamp: number } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError('validation_failed', 'request must be the JSON of a qz-tray call');
  }
  if (!isObject(raw) || typeof raw.call !== 'string' || typeof raw.timestamp !== 'number') {
    throw new AppError('validation_failed', 'request must be the JSON of a qz-tray call');
  }
  const keys = Object.keys(raw);
  const expected = 'params' in raw ? ['call', 'params', 'timestamp'] : ['call', 'timestamp'];
  // Exactly what the client hashes: no other keys, no duplicates, nothing the helper reads otherwise.
  if (keys.join() !== expected.join() || JSON.stringify(raw) !== text) {
    throw refuse('the request is not a call as the qz-tray client writes it');
  }
  return { call: raw.call, params: raw.params, timestamp: raw.timestamp };
}

/** The one raw base64 item of a print call, in the client's exact form; 403 otherwise. */
function rawItem(data: unknown[]): string {
  const item: unknown = data.length === 1 ? data[0] : null;
  if (
    !isObject(item) ||
    item.type !== 'raw' ||
    item.format !== 'command' ||
    item.flavor !== 'base64' ||
    typeof item.data !== 'string' ||
    Object.keys(item).some((k) => !['type', 'format', 'flavor', 'data', 'options'].includes(k))
  ) {
    throw refuse("the print data is not the receipt's ESC/POS");
  }
  return item.data;
}

/** The explicit "Open drawer": the pulse alone, for a user who may open the drawer. */
async function checkDrawerPulse(ctx: Context, deps: AppDeps, data: string): Promise<void> {
  if (!allows(ctx, OPEN_DRAWER_ACCESS)) throw forbidden('You may not open the cash drawer');
  if (data !== Buffer.from(DRAWER_KICK).toString('base64')) throw refuse('the data is not the drawer pulse');
  await recordManualOpening(deps.db.kysely, ctx);
}

/** Checks a print call against the receipt its job name names; throws 403/404 otherwise. */
async function checkPrint(ctx: Context, deps: AppDeps, params: unknown): Promise<void> {
  if (!isObject(params) || !isObject(params.options) || !Array.isArray(params.data)) {
    throw refuse('a print call needs printer, options and data');
  }
  const { options, data } = params;
  if (options.copies !== undefined && options.copies !== 1) throw refuse('a receipt prints once');
  const base64 = rawItem(data);
  if (options.jobName === DRAWER_JOB_NAME) return checkDrawerPulse(ctx, deps, base64);
  // a series' letters first on a branch's receipts ("B000001", ADR 11 §11.2), as the receipt routes take them
  const name =
    typeof options.jobName === 'string' ? /^Receipt #([A-Z0-9]{0,19}\d)$/.exec(options.jobName) : null;
  if (!name) throw refuse('only receipts are printed (job name "Receipt #NNNNNN")');
  const found = await findReadableReceipt(deps.db.kysely, ctx, name[1]!);
  const doc = await receiptDocument(deps.db.kysely, ctx.business, found.type, found.id);
  if (receiptJobName(doc.receipt_no) !== options.jobName)
    throw refuse('the job name is not the receipt number');
  const sent = Buffer.from(base64, 'base64');
  if (sent.toString('base64') !== base64) throw refuse("the print data is not the receipt's ESC/POS");
  // the bytes the escpos route hands out now first (a copy once printed), then the others
  const printed = await printedBefore(deps.db.kysely, ctx.businessId, doc.receipt_no);
  const kinds = [false, true]
    .filter((drawer) => !drawer || opensDrawer(doc))
    .flatMap((drawer) => [printed, !printed].map((copy) => ({ drawer, copy })));
  // the profile's layout first (what the escpos route hands out), then the other two
  const profile = receiptColumnsOf(ctx.business.receipt_width, ctx.business.receipt_columns);
  const layouts = [profile, ...RECEIPT_COLUMNS.filter((cpl) => cpl !== profile)];
  const kind = layouts
    .flatMap((cpl) => kinds.map((k) => ({ ...k, cpl })))
    .find(({ drawer, copy, cpl }) => receiptEscPos(doc, cpl, { drawer, copy }).equals(sent));
  if (!kind) throw refuse("the print data is not the receipt's ESC/POS");
  if (kind.drawer && !(await mayPulseFor(deps.db.kysely, ctx, doc)))
    throw forbidden('You may not open the cash drawer');
  // One transaction: a refusal takes back what it claimed (the drawer opening with the original).
  await deps.db.kysely.transaction().execute(async (trx) => {
    // The bytes open the drawer: only a cash receipt's first print may, once.
    if (kind.drawer && !(await claimFirstPrintOpening(trx, deps.db.dialect, ctx, doc))) {
      throw refuse('this receipt has already opened the cash drawer: a reprint does not');
    }
    // Signing is printing (receipt-prints.ts): a copy is recorded; the bytes without "COPY" only
    // while the receipt has never been printed, and they claim its original.
    if (kind.copy) {
      await recordCopy(trx, ctx, doc.receipt_no);
      return;
    }
    if (printed || !(await claimOriginalPrint(trx, ctx, doc.receipt_no))) {
      throw refuse('this receipt has been printed before: a reprint says COPY');
    }
  });
}

/**
 * The SHA-256 hex the qz-tray client signs, once the call is one this user may make; throws
 * 403 (`forbidden`) for anything else.
 */
export async function checkSignRequest(
  ctx: Context,
  deps: AppDeps,
  text: string,
  algorithm: string,
): Promise<string> {
  if (algorithm !== 'SHA512') throw refuse('only SHA512 signatures are made');
  if (!mayPrint(ctx)) throw forbidden('You may not print');
  const call = parseCall(text);
  if (Math.abs(call.timestamp - deps.clock.now().getTime()) > SIGN_SKEW_MS) {
    throw refuse("the call's time is more than 5 minutes from the server's clock");
  }
  if (call.call === 'print') await checkPrint(ctx, deps, call.params);
  else if (!READ_CALLS.has(call.call)) throw refuse(`the call ${call.call} is not one Duka makes`);
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}
