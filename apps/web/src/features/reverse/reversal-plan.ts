import { type Sale, quantityFitsUnit, reversalShare } from '@duka/domain';
import { quantityText, typedQuantity } from '../../lib/typed-number';

/** notWhole: a fraction of a line counted in whole pieces that is not all that is left of it. */
export type LineProblem = 'badQty' | 'tooMuch' | 'notWhole';

/** One sale line as the reverse screen shows it: sold, already reversed, left, and this reversal. */
export interface PlannedLine {
  line_no: number;
  name: string;
  unit: string;
  sold: number;
  reversed: number;
  left: number;
  /** Thousandths to reverse now (0: not this line). */
  quantity: number;
  /** Money this line gives back, the server's own maths (reversalShare). */
  refund: number;
  problem: LineProblem | null;
}

export interface ReversalPlan {
  lines: PlannedLine[];
  /** What the request carries: absent when everything left is reversed. */
  body: { line_no: number; quantity: number }[] | undefined;
  /** Lines that give something back. */
  count: number;
  /** The refund, minor units. */
  total: number;
  /** Nothing wrong and something to reverse. */
  ok: boolean;
}

/** What is left to reverse of each line, as text for its input ("3", "0.25"). */
export function leftTexts(sale: Pick<Sale, 'lines'>): Record<number, string> {
  return Object.fromEntries(sale.lines.map((l) => [l.line_no, quantityText(l.quantity - l.reversed)]));
}

/** Every line's input at 0: a reversal starts with nothing chosen, so one Enter never refunds it all. */
export function zeroTexts(sale: Pick<Sale, 'lines'>): Record<number, string> {
  return Object.fromEntries(sale.lines.map((l) => [l.line_no, '0']));
}

/**
 * The reversal a person is preparing: with `everything`, all that is left of every line;
 * otherwise the quantities typed per line (empty or 0: not that line). Never more than left, and
 * a whole number of a line counted in pieces unless it is all that is left (as the server checks).
 */
export function planReversal(
  sale: Pick<Sale, 'lines'>,
  typed: Record<number, string>,
  everything: boolean,
): ReversalPlan {
  const lines = sale.lines.map((l): PlannedLine => {
    const left = Math.max(0, l.quantity - l.reversed);
    const base = {
      line_no: l.line_no,
      name: l.name,
      unit: l.unit,
      sold: l.quantity,
      reversed: l.reversed,
      left,
    };
    let quantity = left;
    let problem: LineProblem | null = null;
    if (!everything) {
      const text = (typed[l.line_no] ?? '').trim();
      const q = text === '' ? 0 : typedQuantity(text);
      if (q === null || q < 0) problem = 'badQty';
      else if (q > left) problem = 'tooMuch';
      else if (q !== left && !quantityFitsUnit(q ?? 0, l.unit)) problem = 'notWhole';
      quantity = problem ? 0 : (q ?? 0);
    }
    return { ...base, quantity, problem, refund: reversalShare(l.net, l.quantity, l.reversed, quantity) };
  });
  const chosen = lines.filter((l) => l.quantity > 0);
  const total = chosen.reduce((s, l) => s + l.refund, 0);
  const bad = lines.some((l) => l.problem !== null);
  return {
    lines,
    body: everything ? undefined : chosen.map((l) => ({ line_no: l.line_no, quantity: l.quantity })),
    count: chosen.length,
    total,
    ok: !bad && chosen.length > 0,
  };
}

/** The sale line a server error names: `lines.1.quantity` is the second line the request carried. */
export function lineOfField(field: string | undefined, plan: ReversalPlan): number | null {
  const m = /^lines\.(\d+)\./.exec(field ?? '');
  if (!m) return null;
  const index = Number(m[1]);
  const sent = plan.body ?? plan.lines.filter((l) => l.quantity > 0);
  return sent[index]?.line_no ?? null;
}
