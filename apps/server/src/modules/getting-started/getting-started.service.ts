import {
  type GettingStarted,
  type GettingStartedStep,
  GETTING_STARTED_STEPS,
  paymentDetailsSchema,
} from '@duka/domain';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { BusinessRow, Database } from '../../db/tables.js';

type Q = Kysely<Database>;

/** Whether a query finds at least one row (one row read, whatever the table's size). */
async function any<O>(query: SelectQueryBuilder<Database, keyof Database, O>): Promise<boolean> {
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** The payment numbers customers pay to: a paybill or till number, or a bank account. */
function hasPaymentNumber(raw: string): boolean {
  let parsed: unknown = {};
  try {
    parsed = JSON.parse(raw);
  } catch {
    return false;
  }
  const d = paymentDetailsSchema.safeParse(parsed);
  return d.success && [d.data.mpesa_paybill, d.data.mpesa_till, d.data.bank_account].some((v) => v.trim());
}

/**
 * The getting-started steps the business has done, read from its data:
 * products (any product), receive (a receipt from a supplier), cashier (an active user who is
 * not an admin), printer (a network receipt printer in the business profile; a till's own
 * printer helper is the device's choice, which the web adds), providers (an active transfer
 * provider, and a number customers pay to), sale (any sale).
 */
export async function gettingStarted(
  db: Q,
  business: Pick<BusinessRow, 'id' | 'printer_host' | 'payment_details'>,
): Promise<GettingStarted> {
  const businessId = business.id;
  const [products, receive, cashier, provider, sale] = await Promise.all([
    any(db.selectFrom('products').select('id').where('business_id', '=', businessId)),
    any(
      db
        .selectFrom('stock_documents')
        .select('id')
        .where('business_id', '=', businessId)
        .where('kind', '=', 'receipt'),
    ),
    any(
      db
        .selectFrom('users')
        .select('id')
        .where('business_id', '=', businessId)
        .where('active', '=', 1)
        .where(sql<string>`lower(role)`, '<>', 'admin'),
    ),
    any(
      db
        .selectFrom('payment_providers')
        .select('id')
        .where('business_id', '=', businessId)
        .where('active', '=', 1),
    ),
    any(db.selectFrom('sales').select('id').where('business_id', '=', businessId)),
  ]);
  const done: Record<GettingStartedStep, boolean> = {
    products,
    receive,
    cashier,
    printer: business.printer_host.trim() !== '',
    providers: provider && hasPaymentNumber(business.payment_details),
    sale,
  };
  return { steps: GETTING_STARTED_STEPS.map((id) => ({ id, done: done[id] })) };
}
