import type { Product } from '@duka/domain';
import { typedDecimal } from '../../../lib/typed-number';

// What the till shares with the stock documents' line entry (through '../stock'): kept apart from
// lines.ts, whose drafts, totals and costs only the stock screens load, so the till's start does
// not carry them.

/** Minor units as plain text for an input, in major units and the page's decimal sign ("1250" → "12.50"). */
export function moneyText(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${s.slice(0, -digits)}${typedDecimal()}${s.slice(-digits)}`;
}

/** The product a scan of `text` means: one whose code or barcode is exactly the text. */
export function exactMatch(text: string, products: Product[]): Product | null {
  const t = text.trim();
  if (!t) return null;
  return (
    products.find((p) => p.code === t || p.barcodes.includes(t)) ??
    products.find((p) => p.code.toLowerCase() === t.toLowerCase()) ??
    null
  );
}

/** The index of the line a server field like `lines.3.quantity` names, and the field. */
export function lineErrorOf(field: string | undefined): { index: number; field: string } | null {
  const m = /^lines\.(\d+)(?:\.(\w+))?$/.exec(field ?? '');
  return m ? { index: Number(m[1]), field: m[2] ?? '' } : null;
}
