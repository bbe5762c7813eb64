import {
  MAX_MONEY,
  type Debtor,
  type SaleBody,
  type SaleKind,
  changeDue,
  overCreditLimit,
} from '@duka/domain';
import { typedMoney } from '../../lib/typed-number';
import type { TillField } from './till-errors';

/** What the pay panel holds: one part of it per kind of sale. */
export interface PayState {
  /** Cash handed over, as typed; empty means exactly the total. */
  tendered: string;
  debtor: Debtor | null;
  provider_id: string | null;
  reference: string;
}

export const EMPTY_PAY: PayState = { tendered: '', debtor: null, provider_id: null, reference: '' };

/** Notes and round sums people pay with, in major units. */
const ROUNDS = [50, 100, 200, 500, 1000, 2000, 5000, 10_000];

/** Quick amounts for cash: the exact total, then the next round sums above it (at most 4 in all). */
export function quickAmounts(total: number, digits: number): number[] {
  const unit = 10 ** digits;
  const out = [total];
  for (const r of ROUNDS) {
    const step = r * unit;
    const up = Math.ceil(total / step) * step;
    if (up > total && !out.includes(up)) out.push(up);
    if (out.length === 4) break;
  }
  return out;
}

/** The amount tendered in minor units; empty means exactly the total; null when not an amount. */
export function tenderedOf(text: string, total: number, digits: number): number | null {
  if (!text.trim()) return total;
  const v = typedMoney(text, digits);
  return v !== null && v >= 0 ? v : null;
}

/** What is missing or wrong before the sale can be sent, as i18n keys by field. */
export function checkPayment(
  kind: SaleKind,
  pay: PayState,
  total: number,
  digits: number,
): Partial<Record<TillField, string>> {
  if (kind === 'cash') {
    const v = tenderedOf(pay.tendered, total, digits);
    if (v === null) return { tendered: 'till.errors.badAmount' };
    // nothing typed: the amount is the total, and the total is what is too large
    if (v > MAX_MONEY)
      return {
        tendered: pay.tendered.trim() ? 'till.errors.tenderedTooLarge' : 'till.errors.amountTooLarge',
      };
    if (changeDue(v, total) < 0) return { tendered: 'till.errors.tenderedTooLow' };
    return {};
  }
  if (kind === 'debtor') {
    if (!pay.debtor) return { debtor_id: 'till.errors.debtorRequired' };
    if (overCreditLimit(pay.debtor, total)) return { debtor_id: 'till.errors.creditLimit' };
    return {};
  }
  const out: Partial<Record<TillField, string>> = {};
  if (!pay.provider_id) out.provider_id = 'till.errors.providerRequired';
  if (!pay.reference.trim()) out.reference = 'till.errors.referenceRequired';
  return out;
}

/** The payment part of the sale's body. Call `checkPayment` first. */
export function paymentOf(kind: SaleKind, pay: PayState, total: number, digits: number): Partial<SaleBody> {
  if (kind === 'cash') return { tendered: tenderedOf(pay.tendered, total, digits) ?? total };
  if (kind === 'debtor') return { debtor_id: pay.debtor?.id };
  return { provider_id: pay.provider_id ?? undefined, reference: pay.reference.trim().toUpperCase() };
}
