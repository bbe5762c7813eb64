/**
 * Handing a debtor's credit back in cash (ADR 9): a debtor below zero (a sale they had paid for
 * was reversed) is owed that money by the shop, and an admin pays it out of a drawer. Append-only,
 * as a payment's void is (payment-voids.ts): a new row of `debtor_payments` with the amount
 * negative, in cash, at the admin's location on today's business day, so the day's expected cash
 * (`daily.service.ts`) drops by it on the drawer of the admin who paid it out; and a `payout` entry
 * in the debtor's ledger that raises the balance back toward zero. Never more than the credit
 * (`payout_exceeds_credit`). It travels in sync as a `debtor_payment` document of its own; two
 * servers that each paid out while apart keep both (the cash left two drawers), and the debtor
 * then owes the difference.
 */
import { type DebtorPayment, type debtorPayoutBodySchema, formatMoney } from '@duka/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Actor, Context, Operator } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { requestHash } from '../../lib/idempotency.js';
import { requireUsableLocation } from '../inventory/stock-rules.js';
import { requireDebtor } from './debtor-ledger.js';
import { writeDebtorDocument, writeOnce } from './debtor-documents.js';

type Body = z.output<typeof debtorPayoutBodySchema>;

/** Who pays out: an admin, whose home location is where the cash leaves when the request names none. */
export type PayingAdmin = Actor & Operator & Pick<Context, 'user'>;

/** Where the cash leaves: the location named, else the admin's home location. */
function payoutLocation(admin: PayingAdmin, body: Body): string {
  const id = body.location_id ?? admin.user?.home_location_id;
  if (!id) throw new AppError('location_required', 'Choose the location the cash leaves', 'location_id');
  return id;
}

/**
 * Pays out `body.amount` of a debtor's credit in cash. One transaction under the business's lock:
 * a retry of the same request answers the pay-out again (same id, other content: 409). The debtor
 * is one of the session's business (another's is not found); the location one the admin may work
 * at. Answers the pay-out (its amount negative, `balance_after` the balance after it).
 */
export async function payOutCredit(
  db: Db,
  admin: PayingAdmin,
  debtorId: string,
  body: Body,
): Promise<DebtorPayment> {
  const hash = requestHash({ debtor_id: debtorId, ...body });
  return writeOnce(db, admin, body.id, hash, async (trx, f) => {
    const debtor = await requireDebtor(trx, admin.businessId, debtorId, 'debtor_id').catch(() => {
      throw notFound('Debtor');
    });
    const location = await requireUsableLocation(trx, admin, payoutLocation(admin, body), 'location_id');
    const credit = Math.max(-Number(debtor.balance), 0);
    if (body.amount > credit)
      throw new AppError(
        'payout_exceeds_credit',
        credit === 0
          ? `${debtor.name} has no credit to pay out`
          : `${debtor.name} has ${formatMoney(credit, f.business.currency, 'en')} in credit: the pay-out is more than that`,
        'amount',
        {},
        { credit },
      );
    await writeDebtorDocument(trx, admin, {
      id: body.id,
      debtorId,
      receiptNo: await f.receiptNo(),
      hash: f.hash,
      today: f.today,
      // the balance goes up toward zero: the shop owes the debtor that much less
      entry: { kind: 'payout', amount: body.amount },
      row: {
        amount: -body.amount,
        method: 'cash',
        location_id: location.id,
        provider_id: null,
        reference: null,
        note: body.reason,
        business_day: f.today,
        voids_id: null,
      },
      action: 'debtor.payout',
      detail: { debtor_id: debtorId, amount: -body.amount },
    });
  });
}
