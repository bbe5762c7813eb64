import { z } from 'zod';
import { DAY_PATTERN } from '../time.js';
import { idSchema } from './common.js';
import { moneySchema, positiveQtySchema } from './stock.js';
import { safeMultiline, safeText } from './text.js';
import { lazySchema } from '../lazy-schema.js';
import { bareReceiptNo } from '../sales/receipt-no.js';
import { MAX_SALE_LINES, MAX_SALE_QUANTITY, SALE_KINDS } from '../sales/kinds.js';

function isCalendarDay(day: string): boolean {
  const t = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(day);
}
/**
 * The days a shop's records and reports can name. Past them the date arithmetic of the reports
 * breaks: a range ending in December 9999 steps into the year 10000, whose text sorts before it
 * (a report answered 500, or listed every product ever sold); years 0–99 are read as 1900–1999.
 */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2999-12-31';

/** A day of the calendar as YYYY-MM-DD, from `FIRST_DAY` to `LAST_DAY`: the pattern alone would let 2024-02-31 through. */
export const daySchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .regex(DAY_PATTERN, 'A day as YYYY-MM-DD')
    .refine(isCalendarDay, 'Not a day of the calendar')
    .refine((d) => d >= FIRST_DAY && d <= LAST_DAY, `A day from ${FIRST_DAY} to ${LAST_DAY}`),
);
const text = (max: number) => safeText().max(max);
/**
 * A transfer reference as it is stored and compared: compatibility forms folded (a full-width
 * `ＱＸ９` is `QX9`), invisible format characters dropped (a zero-width space, a soft hyphen or a
 * direction mark pasted from an SMS would make one code two), runs of spaces made one, capitals.
 */
export function normaliseTransferReference(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\p{Cf}+/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .toUpperCase();
}

/** A transfer reference as the customer shows it (an M-Pesa code, a bank reference). */
export const transferReferenceSchema = /* @__PURE__ */ lazySchema(() =>
  // the stored form first (capitals, as every reference stored so far was made), then the limit
  // on what is stored: "ß" becomes "SS", and 60 of them would have been kept as 120 characters
  safeText().overwrite(normaliseTransferReference).min(1, 'The transfer reference is required').max(60),
);

export const saleLineInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    product_id: idSchema,
    quantity: positiveQtySchema.max(MAX_SALE_QUANTITY),
    /** Money off this line (minor units), within the business's limit for the user. */
    discount: moneySchema.default(0),
  }),
);

/**
 * A sale as the till sends it. The till makes the id (UUIDv7), which is also the idempotency
 * key. Prices come from the catalogue, never from the client; `expected_total` lets the server
 * refuse when the catalogue moved since the till priced the cart.
 */
export const saleBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: idSchema,
    kind: z.enum(SALE_KINDS),
    /** Where the stock leaves; left out, the seller's home location (none: `location_required`). */
    location_id: idSchema.optional(),
    lines: z.array(saleLineInputSchema).max(MAX_SALE_LINES),
    /** Money off the whole sale, shared over the lines in proportion. */
    discount: moneySchema.default(0),
    expected_total: moneySchema.optional(),
    /** Cash: what the customer handed over. */
    tendered: moneySchema.optional(),
    /** Debtor sale: who buys on credit. */
    debtor_id: idSchema.optional(),
    /** Transfer sale: which bank or mobile-money provider, and the customer's reference. */
    provider_id: idSchema.optional(),
    reference: transferReferenceSchema.optional(),
    note: text(200).default(''),
  }),
);
export type SaleBody = z.input<typeof saleBodySchema>;
/** A sale once the server knows where it is made (its location, or the seller's home location). */
export type PlacedSaleBody = z.output<typeof saleBodySchema> & { location_id: string };

export const saleLineSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    line_no: z.number().int(),
    product_id: z.string(),
    name: z.string(),
    code: z.string(),
    unit: z.string(),
    quantity: z.number().int(),
    unit_price: z.number().int(),
    tax_rate: z.number().int(),
    gross: z.number().int(),
    discount: z.number().int(),
    sale_discount: z.number().int(),
    net: z.number().int(),
    tax: z.number().int(),
    /** Thousandths already reversed. */
    reversed: z.number().int(),
  }),
);
export type SaleLine = z.infer<typeof saleLineSchema>;

export const reversalSummarySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    receipt_no: z.string(),
    total: z.number().int(),
    reason: z.string(),
    user_name: z.string(),
    created_at: z.string(),
  }),
);

export const saleSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    receipt_no: z.string(),
    kind: z.enum(SALE_KINDS),
    location_id: z.string(),
    location_name: z.string(),
    user_id: z.string().nullable(),
    user_name: z.string(),
    device_id: z.string().nullable(),
    business_day: z.string(),
    gross: z.number().int(),
    discount: z.number().int(),
    total: z.number().int(),
    tax: z.number().int(),
    tendered: z.number().int().nullable(),
    change: z.number().int().nullable(),
    debtor_id: z.string().nullable(),
    debtor_name: z.string().nullable(),
    /** The debtor's balance right after this sale. */
    debtor_balance_after: z.number().int().nullable(),
    provider_id: z.string().nullable(),
    provider_name: z.string().nullable(),
    reference: z.string().nullable(),
    note: z.string(),
    created_at: z.string(),
    lines: z.array(saleLineSchema),
    /** Money already given back by reversals. */
    reversed_total: z.number().int(),
    reversals: z.array(reversalSummarySchema),
  }),
);
export type Sale = z.infer<typeof saleSchema>;

export const salesQuerySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    day: daySchema.optional(),
    location_id: idSchema.optional(),
    user_id: idSchema.optional(),
    kind: z.enum(SALE_KINDS).optional(),
  }),
);

/** One row of the current-sales list: a sale or a reversal of the day. */
export const saleListItemSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.enum(['sale', 'reversal']),
    sale_id: z.string(),
    receipt_no: z.string(),
    kind: z.enum(SALE_KINDS),
    total: z.number().int(),
    lines: z.number().int(),
    user_name: z.string(),
    debtor_name: z.string().nullable(),
    reference: z.string().nullable(),
    created_at: z.string(),
  }),
);

const kindTotals = /* @__PURE__ */ lazySchema(() =>
  z.object({ count: z.number().int(), total: z.number().int() }),
);
export const kindTotalsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    cash: kindTotals,
    debtor: kindTotals,
    transfer: kindTotals,
  }),
);

export const salesListSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    day: z.string(),
    location_id: z.string().nullable(),
    items: z.array(saleListItemSchema),
    sales: kindTotalsSchema,
    reversals: kindTotalsSchema,
    /** Sales less reversals, all kinds. */
    net_total: z.number().int(),
  }),
);
export type SalesList = z.infer<typeof salesListSchema>;

/** A reversal: lines and quantities to give back (absent: all that is left), and why. */
export const reversalBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: idSchema,
    reason: safeMultiline().max(200).min(1, 'Say why the sale is reversed'),
    lines: z
      // A line at 0 is not taken back; lines that are all 0 are refused as nothing_to_reverse.
      .array(
        z.strictObject({
          line_no: z.number().int().min(1),
          quantity: z.number().int().min(0).max(MAX_SALE_QUANTITY),
        }),
      )
      .max(MAX_SALE_LINES)
      .optional(),
    /** Transfer sales: the reference of the refund sent back to the customer. */
    reference: transferReferenceSchema.optional(),
  }),
);
export type ReversalBody = z.input<typeof reversalBodySchema>;

export const reversalSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    receipt_no: z.string(),
    sale_id: z.string(),
    sale_receipt_no: z.string(),
    kind: z.enum(SALE_KINDS),
    location_id: z.string(),
    location_name: z.string(),
    reason: z.string(),
    total: z.number().int(),
    tax: z.number().int(),
    reference: z.string().nullable(),
    provider_name: z.string().nullable(),
    debtor_id: z.string().nullable(),
    debtor_name: z.string().nullable(),
    debtor_balance_after: z.number().int().nullable(),
    user_id: z.string().nullable(),
    user_name: z.string(),
    business_day: z.string(),
    created_at: z.string(),
    lines: z.array(
      z.object({
        line_no: z.number().int(),
        sale_line_no: z.number().int(),
        product_id: z.string(),
        name: z.string(),
        unit: z.string(),
        quantity: z.number().int(),
        unit_price: z.number().int(),
        amount: z.number().int(),
        tax: z.number().int(),
        /** Basis points, the sale line's: what `tax` was taken at. */
        tax_rate: z.number().int(),
      }),
    ),
  }),
);
export type Reversal = z.infer<typeof reversalSchema>;

/** A receipt number as a person types it: digits, leading zeros and a `#` optional. */
export const receiptNoParamSchema = /* @__PURE__ */ lazySchema(() =>
  safeText()
    .max(20)
    .transform(bareReceiptNo)
    .pipe(z.string().regex(/^[A-Z0-9]*\d+$/i, 'A receipt number, e.g. 000123')),
);
