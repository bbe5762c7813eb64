/**
 * What debtors owe, one definition for every figure that says it: the dashboard's "money owed by
 * debtors" (reports/dashboard-reads.ts) and the debtors list's totals (debtors.repository.ts), so
 * the two cannot drift apart.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

type Q = Kysely<Database>;

/** The debtors of a business that count: every one not deleted, active or not. */
export function businessDebtors(db: Q, businessId: string) {
  return db.selectFrom('debtors').where('business_id', '=', businessId).where('deleted_at', 'is', null);
}

/**
 * What the debtors owe together: the sum of the positive balances. A debtor in credit (a reversal
 * after they paid) does not lower what the others owe. Null when there are no debtors.
 */
export function owedSum(eb: ExpressionBuilder<Database, 'debtors'>) {
  return eb.fn.sum<number | string>(eb.case().when('balance', '>', 0).then(eb.ref('balance')).else(0).end());
}

/** What every debtor of the business owes (`owedSum` over `businessDebtors`): one row, `owed`. */
export function businessOwed(db: Q, businessId: string) {
  return businessDebtors(db, businessId).select((eb) => owedSum(eb).as('owed'));
}
