import {
  type Flag,
  type ReceiptType,
  SELL_FLAG,
  REVERSE_FLAG,
  allows,
  firstPrintDrawerAccess,
} from '@duka/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Context } from '../../lib/context.js';
import { forbidden } from '../../lib/errors.js';
import { requireReadable } from '../inventory/location-scope.js';
import { requireReceiptVisible } from '../sales/sale-access.js';
import { findReceipt } from './receipt-model.js';

const SELLS_OR_REVERSES: Flag[] = [
  ...new Set<Flag>([...Object.values(SELL_FLAG), ...Object.values(REVERSE_FLAG)]),
];

/** Who may see each kind of receipt, as the routes that make them. */
const SEES: Record<ReceiptType, Flag[] | 'signedIn'> = {
  sale: [...SELLS_OR_REVERSES, 'current_sales'],
  reversal: [...SELLS_OR_REVERSES, 'current_sales'],
  payment: 'signedIn',
  close: ['current_sales', 'view_sales_report'],
};

export function assertMaySee(ctx: Pick<Context, 'role' | 'roles'>, type: ReceiptType) {
  const rule = SEES[type];
  const ok = allows(ctx, rule === 'signedIn' ? { kind: 'signedIn' } : { kind: 'anyFlag', flags: rule });
  if (!ok) throw forbidden('You may not see this receipt');
}

/**
 * The receipt behind a number, when the asking user may see it: its kind by their flags, its
 * location by their location rights, a sale's or reversal's by who made it (`maySeeSale`); one
 * they may not see is not found. Printing signs only these.
 */
export async function findReadableReceipt(db: Kysely<Database>, ctx: Context, receiptNo: string) {
  const found = await findReceipt(db, ctx.businessId, receiptNo);
  assertMaySee(ctx, found.type);
  await requireReadable(db, ctx, [found.location_id], `Receipt #${receiptNo}`);
  await requireReceiptVisible(db, ctx, ctx.businessId, found, `Receipt #${receiptNo}`);
  return found;
}

/**
 * Whether this user's first print of a cash receipt opens the drawer: who handles that cash
 * (`firstPrintDrawerAccess` by its type), and for a debtor's payment also the user who recorded
 * it (every user may record one and takes its cash; a colleague who only prints it does not).
 */
export async function mayPulseFor(
  db: Kysely<Database>,
  ctx: Pick<Context, 'role' | 'roles' | 'userId' | 'businessId'>,
  doc: { type: string; id: string },
): Promise<boolean> {
  if (allows(ctx, firstPrintDrawerAccess(doc.type))) return true;
  if (doc.type !== 'payment' || ctx.userId === null) return false;
  const payment = await db
    .selectFrom('debtor_payments')
    .select('user_id')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', doc.id)
    .executeTakeFirst();
  return payment?.user_id === ctx.userId;
}
