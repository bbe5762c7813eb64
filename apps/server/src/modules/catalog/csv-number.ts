import { parseMoney, parseQuantity } from '@duka/domain';

/** Three-digit groups after a first group of one to three digits (not 0), with decimals after a dot. */
const COMMA_GROUPED = /^(-?)([1-9]\d{0,2}(?:,\d{3})+)(\.\d+)?$/;

/**
 * A number of an imported file's cell with its thousands separators taken out where they can be
 * nothing else, as `parseMoney` and `parseQuantity` read a file's cell (its decimal sign is not
 * known: either sign is one, and nothing groups). A comma groups before three-digit groups, from
 * an English spreadsheet: "1,500.00", "12,345,678.50", "1,500,000" and "1,500" where the column
 * takes fewer than three decimals (read as a decimal comma it would be too precise). Where both
 * readings are numbers — "1,500" in a column of three decimals: 1.5 from a German spreadsheet,
 * 1500 from an English one — null: refused, never guessed. A dot never groups: with the file's
 * decimal sign unknown, "1.500" is one and a half (or too precise) and "1.500,00" is refused.
 */
export function ungroupCell(text: string, decimals: number): string | null {
  const cell = text.trim();
  const m = COMMA_GROUPED.exec(cell);
  if (!m) return cell;
  const [, sign, whole, fraction] = m;
  // one comma before three digits and nothing more: a decimal comma too, where three decimals are taken
  if (fraction === undefined && whole!.split(',').length === 2 && decimals >= 3) return null;
  return `${sign}${whole!.replaceAll(',', '')}${fraction ?? ''}`;
}

/** An amount of a file's cell in the currency's minor units (`digits`); null when not one or ambiguous. */
export function cellMoney(text: string, digits: number): number | null {
  const cell = ungroupCell(text, digits);
  return cell === null ? null : parseMoney(cell, digits);
}

/** A quantity of a file's cell in thousandths; null when not one or ambiguous. */
export function cellQuantity(text: string): number | null {
  const cell = ungroupCell(text, 3);
  return cell === null ? null : parseQuantity(cell);
}
