// The small model of a shop that the sync mix keeps (sync-mix.ts): what exists, what is left.

export type Rand = () => number;

export interface Product {
  id: string;
  code: string;
  price: number;
  barcodes: string[];
  active: boolean;
}
export interface SoldLine {
  line_no: number;
  left: number;
}
export interface Sold {
  id: string;
  kind: 'cash' | 'debtor' | 'transfer';
  lines: SoldLine[];
}
export interface Count {
  id: string;
  location: string;
  entries: number;
}
export interface Person {
  id: string;
  active: boolean;
}

export const dayBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** A 1×1 PNG, for a product image. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
