import { parseMoney } from '@duka/domain';
import { moneyText } from '../stock';

/** The largest discount there is: 100 % in basis points. */
export const MAX_BP = 10_000;

/**
 * A percentage typed by a person ("12.5", "12,5", "10") as basis points (1250, 1000): at most two
 * decimals, from 0 to 100. Null when it is not one. Integer maths only, never floats.
 */
export function percentToBp(text: string): number | null {
  if (!text.trim()) return null;
  const bp = parseMoney(text, 2);
  return bp !== null && bp >= 0 && bp <= MAX_BP ? bp : null;
}

/** Basis points as a percentage for an input, without needless zeros: 1250 → "12.5", 1000 → "10". */
export function bpToPercent(bp: number): string {
  return moneyText(bp, 2).replace(/\.?0+$/, '');
}
