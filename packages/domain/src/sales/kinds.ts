// The kinds of sale and who may sell and reverse each, without schemas (api/sales.ts has those): the
// till's start reads these, and zod is not part of its first load (issue 21).

export const SALE_KINDS = ['cash', 'debtor', 'transfer'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

/** The flag a user needs to sell, and to reverse, each kind of sale (seed spec §6, issue 5). */
export const SELL_FLAG = { cash: 'sell_cash', debtor: 'sell_debtors', transfer: 'sell_transfer' } as const;
export const REVERSE_FLAG = {
  cash: 'reversing_cash',
  debtor: 'sell_debtors',
  transfer: 'sell_transfer',
} as const;

/** Most lines one sale may carry. */
export const MAX_SALE_LINES = 200;
/** Most one line of a sale may sell, in thousandths: a million of its unit. */
export const MAX_SALE_QUANTITY = 1_000_000_000;
