import { REVERSE_FLAG, SALE_KINDS, SELL_FLAG, type SaleKind } from './kinds.js';
import { type Principal, isAdminRole } from '../permissions.js';

/**
 * How each kind of sale is paid, and who may make it: the till checks a sale by these rules
 * before sending it, the server refuses one that breaks them.
 */

/** Whether a user may make this kind of sale: admins, or holders of its flag. */
export function maySell(user: Principal, kind: SaleKind): boolean {
  return isAdminRole(user.role) || user.roles[SELL_FLAG[kind]] === 1;
}

/** Whether a user may reverse this kind of sale: admins, or holders of its reversing flag. */
export function mayReverse(user: Principal, kind: SaleKind): boolean {
  return isAdminRole(user.role) || user.roles[REVERSE_FLAG[kind]] === 1;
}

/** The kinds of sale a user may make, in the till's order (an admin: all three). */
export function sellableKinds(user: Principal): SaleKind[] {
  return SALE_KINDS.filter((k) => maySell(user, k));
}

/** The fields of a sale's body that say how it is paid; each belongs to one kind only. */
export const PAYMENT_FIELDS = {
  cash: ['tendered'],
  debtor: ['debtor_id'],
  transfer: ['provider_id', 'reference'],
} as const satisfies Record<SaleKind, readonly string[]>;
export type PaymentField = (typeof PAYMENT_FIELDS)[SaleKind][number];

/** The payment fields a sale of this kind must not carry (they belong to the other kinds). */
export function paymentFieldsNotOf(kind: SaleKind): PaymentField[] {
  return SALE_KINDS.filter((k) => k !== kind).flatMap((k) => PAYMENT_FIELDS[k]);
}

/** The change of a cash sale; below zero when less than the total was handed over (refused). */
export function changeDue(tendered: number, total: number): number {
  return tendered - total;
}

/** Whether buying `amount` more on credit takes a debtor's balance over their credit limit. */
export function overCreditLimit(debtor: { balance: number; credit_limit: number }, amount: number): boolean {
  return debtor.balance + amount > debtor.credit_limit;
}

/** Whether a debtor's payment is more than they owe (refused: the business would owe them). */
export function overpays(balance: number, amount: number): boolean {
  return amount > balance;
}
