// Receipt numbers, without schemas (api/sales.ts has those): the till's start reads these, and zod
// is not part of its first load (issue 21).

/** Receipt numbers have six digits at least: `Receipt #000123`. */
export const RECEIPT_NO_DIGITS = 6;

/** A receipt number as typed, without the `#` people may put before it. */
export const bareReceiptNo = (typed: string) => typed.replace(/^#/, '');

/**
 * The receipt numbers a number typed by a person may be: as typed (without a `#`), and with the
 * series letters in capitals and the leading zeros people drop put back after them ("123" finds
 * 000123, "b123" finds B000123; ADR 11 §11.2).
 */
export function receiptNoCandidates(typed: string): string[] {
  const no = bareReceiptNo(typed);
  const parts = /^([A-Za-z]*)(\d+)$/.exec(no);
  if (!parts) return [no];
  const series = parts[1]!.toUpperCase();
  const digits = parts[2]!;
  return [...new Set([no, series + digits, series + digits.padStart(RECEIPT_NO_DIGITS, '0')])];
}

/** How receipt numbers read: six digits at least, `Receipt #000123`. */
export function formatReceiptNo(series: string, n: number): string {
  return `${series}${String(n).padStart(RECEIPT_NO_DIGITS, '0')}`;
}
