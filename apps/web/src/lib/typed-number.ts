import {
  type DecimalSign,
  decimalSignOf,
  formatQuantity,
  parseMoney,
  parsePercent,
  parsePositiveQuantity,
  parseQuantity,
} from '@duka/domain';

/**
 * The decimal sign of the page's language (its `lang`, set as the language changes): what every
 * number a person types is read with, and every number put into a field to edit is written with.
 * In English "1,000" is a thousand and "1.250" one and a quarter; in Spanish, Portuguese and German
 * the other way round (the QA: a receipt of "1,000" saved one unit).
 */
export const typedDecimal = (): DecimalSign => decimalSignOf(document.documentElement.lang || 'en');

/** A quantity typed by a person, as thousandths; null when not one. */
export const typedQuantity = (text: string): number | null => parseQuantity(text, typedDecimal());
/**
 * A quantity typed by a person as thousandths, more than zero and at most `max` (what a line
 * takes: a sale's or a stock document's); null when not one.
 */
export const typedPositiveQuantity = (text: string, max: number): number | null => {
  const v = parsePositiveQuantity(text, typedDecimal());
  return v !== null && v <= max ? v : null;
};
/** An amount typed in the currency's major units, as minor units; null when not one. */
export const typedMoney = (text: string, digits: number): number | null =>
  parseMoney(text, digits, typedDecimal());
/** A percentage typed by a person, as basis points; null when not one. */
export const typedPercent = (text: string): number | null => parsePercent(text, typedDecimal());
/** Thousandths as text to edit, in the page's decimal sign ("1.25" in English, "1,25" in German). */
export const quantityText = (thousandths: number): string => formatQuantity(thousandths, typedDecimal());

/**
 * A quantity's text typed in one decimal sign, written again in another (the page's language
 * changed, or a draft typed in another language came back): "1,125" in German is "1.125" in
 * English, not a thousand and more. `from` undefined: a text kept before drafts named their sign,
 * read as it was then (either sign a decimal sign). A text that is no quantity stays as it is.
 */
export function retypeQuantity(text: string, from: DecimalSign | undefined, to: DecimalSign): string {
  if (from === to) return text;
  const v = parseQuantity(text, from);
  return v === null ? text : formatQuantity(v, to);
}

/** An amount's text typed in one decimal sign, written again in another, as retypeQuantity. */
export function retypeMoney(
  text: string,
  digits: number,
  from: DecimalSign | undefined,
  to: DecimalSign,
): string {
  if (from === to || !text.trim()) return text;
  const v = parseMoney(text, digits, from);
  if (v === null) return text;
  if (digits === 0) return String(v);
  const s = String(Math.abs(v)).padStart(digits + 1, '0');
  return `${v < 0 ? '-' : ''}${s.slice(0, -digits)}${to}${s.slice(-digits)}`;
}
