import {
  type GettingStarted,
  type GettingStartedStep,
  GETTING_STARTED_STEPS,
  paymentDetailsSchema,
} from '@duka/domain';
import { type Kysely, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import type { BusinessRow, Database } from '../../db/tables.js';

type Q = Kysely<Database>;

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
 * Whether the business has any product, supplier receipt, active user who is not an admin, active
 * transfer provider and sale: one statement of `exists` (the dashboard asks each minute while it
 * is open; on PostgreSQL each statement is a round trip, issue 21), each stopping at its first row.
 */
const stepsRead = compiledQuery((db, a: { businessId: string }) =>
  db.selectNoFrom((eb) => [
    eb.exists(eb.selectFrom('products').select('id').where('business_id', '=', a.businessId)).as('products'),
    eb
      .exists(
        eb
          .selectFrom('stock_documents')
          .select('id')
          .where('business_id', '=', a.businessId)
          .where('kind', '=', sql.lit('receipt')),
      )
      .as('receive'),
    eb
      .exists(
        eb
          .selectFrom('users')
          .select('id')
          .where('business_id', '=', a.businessId)
          .where('active', '=', sql.lit(1))
          .where(sql<string>`lower(role)`, '<>', sql.lit('admin')),
      )
      .as('cashier'),
    eb
      .exists(
        eb
          .selectFrom('payment_providers')
          .select('id')
          .where('business_id', '=', a.businessId)
          .where('active', '=', sql.lit(1)),
      )
      .as('provider'),
    eb.exists(eb.selectFrom('sales').select('id').where('business_id', '=', a.businessId)).as('sale'),
  ]),
);

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
  const [row] = await stepsRead.all(db, { businessId: business.id });
  const yes = (v: unknown) => v === true || Number(v) === 1; // PostgreSQL true, SQLite 1
  const [products, receive, cashier, provider, sale] = [
    row?.products,
    row?.receive,
    row?.cashier,
    row?.provider,
    row?.sale,
  ].map(yes) as [boolean, boolean, boolean, boolean, boolean];
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
