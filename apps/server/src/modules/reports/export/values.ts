import { currencyMinorDigits } from '@duka/domain';
import type { ColumnKind } from './export-tables.js';

/** A cell as a spreadsheet number or text: money in major units, quantities in units. */
export function cellValue(
  v: string | number | null | undefined,
  kind: ColumnKind,
  currency: string,
): string | number {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (kind === 'money') return v / 10 ** currencyMinorDigits(currency);
  if (kind === 'quantity') return v / 1000;
  return v;
}
