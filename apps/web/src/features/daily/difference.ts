import { drawerDifference } from '@duka/domain';
import { typedMoney } from '../../lib/typed-number';

export type DifferenceSign = 'short' | 'over' | 'exact';

export interface CashDifference {
  /** The counted cash in minor units; null while nothing valid is typed. */
  counted: number | null;
  /** Counted − expected: negative when cash is missing (the server's own rule). */
  difference: number | null;
  sign: DifferenceSign | null;
}

export const signOf = (difference: number): DifferenceSign =>
  difference < 0 ? 'short' : difference > 0 ? 'over' : 'exact';

/** The cash counted in the drawer, as typed in major units, against what should be there. */
export function cashDifference(text: string, digits: number, expected: number): CashDifference {
  const counted = text.trim() === '' ? null : typedMoney(text, digits);
  if (counted === null || counted < 0) return { counted: null, difference: null, sign: null };
  const difference = drawerDifference(counted, expected);
  return { counted, difference, sign: signOf(difference) };
}
