import { parsePercent } from '@duka/domain';
import { moneyText } from '../stock';

/** A percentage typed by a person as basis points, 0 to 100 % (the domain's `parsePercent`). */
export const percentToBp = parsePercent;

/** Basis points as a percentage for an input, without needless zeros: 1250 → "12.5", 1000 → "10". */
export function bpToPercent(bp: number): string {
  return moneyText(bp, 2).replace(/\.?0+$/, '');
}
