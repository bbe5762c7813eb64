import { typedMoney, typedPercent } from '../../lib/typed-number';
import { moneyText } from '../stock';

/** A percentage typed by a person as basis points, 0 to 100 % (the domain's `typedPercent`). */
export const percentToBp = typedPercent;

/** Basis points as a percentage for an input, without needless zeros: 1250 → "12.5", 1000 → "10". */
export function bpToPercent(bp: number): string {
  return moneyText(bp, 2).replace(/[.,]?0+$/, '');
}

/**
 * Money typed for a currency of `from` minor digits, re-shown for one of `to` digits as the form
 * first shows it ("0.00" → "0", "12.00" → "12", "5" → "5.00"). As typed when it is no amount, or
 * when its value needs more digits than `to` has ("12.50" for a currency without minor digits).
 */
export function moneyTextFor(text: string, from: number, to: number): string {
  const digits = Math.max(from, to);
  const minor = typedMoney(text, digits);
  if (minor === null) return text;
  const scale = 10 ** (digits - to);
  return minor % scale === 0 ? moneyText(minor / scale, to) : text;
}
