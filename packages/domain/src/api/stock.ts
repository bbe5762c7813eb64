import { z } from 'zod';
import {
  MAX_TAX_BASIS_POINTS,
  MOVEMENT_KINDS,
  NEGATIVE_REASONS,
  POSITIVE_REASONS,
  UNITS,
} from '../stock/units.js';
import { idSchema, optionalEmailSchema } from './common.js';
import { safeMultiline, safeText } from './text.js';
import { lazySchema } from '../lazy-schema.js';
import { MAX_MONEY, MAX_STOCK_QUANTITY } from '../quantity.js';

const text = (max: number) => safeText().max(max);
/** Text that may span lines (notes, an address). */
const multiline = (max: number) => safeMultiline().max(max);
/** Money in minor units. */
export const moneySchema = /* @__PURE__ */ lazySchema(() => z.number().int().min(0).max(MAX_MONEY));
/** A quantity in thousandths, more than zero, at most MAX_STOCK_QUANTITY. */
export const positiveQtySchema = /* @__PURE__ */ lazySchema(() =>
  z.number().int().min(1).max(MAX_STOCK_QUANTITY),
);
export const barcodeSchema = /* @__PURE__ */ lazySchema(() =>
  safeText()
    .min(1)
    .max(64)
    // no "|": a product's barcodes are written with it between them in the catalogue's CSV
    .regex(/^[\x21-\x7b\x7d\x7e]+$/, 'Printable characters without spaces or |'),
);

const productFields = /* @__PURE__ */ lazySchema(() => ({
  name: text(120).min(1),
  code: text(40).min(1),
  barcodes: z.array(barcodeSchema).max(20),
  category: text(60),
  unit: z.enum(UNITS),
  price: moneySchema,
  /** What one unit costs from the supplier (0: not set); receiving starts its unit cost from it. */
  buying_price: moneySchema,
  tax_rate: z.number().int().min(0).max(MAX_TAX_BASIS_POINTS),
  reorder_level: z.number().int().min(0).max(MAX_STOCK_QUANTITY),
  image: safeText().max(100).nullable(),
  active: z.boolean(),
}));
export const productInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    ...productFields,
    barcodes: productFields.barcodes.default([]),
    category: productFields.category.default(''),
    buying_price: productFields.buying_price.default(0),
    unit: productFields.unit.default('each'),
    tax_rate: productFields.tax_rate.default(0),
    reorder_level: productFields.reorder_level.default(0),
    image: productFields.image.default(null),
    active: productFields.active.default(true),
  }),
);
export type ProductInput = z.input<typeof productInputSchema>;
export const productCreateSchema = /* @__PURE__ */ lazySchema(() =>
  productInputSchema.extend({ id: idSchema.optional() }),
);
/** A PATCH: only the fields sent change (no defaults fill the others in). */
export const productUpdateSchema = /* @__PURE__ */ lazySchema(() => z.strictObject(productFields).partial());

export const productSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    code: z.string(),
    barcodes: z.array(z.string()),
    category: z.string(),
    unit: z.enum(UNITS),
    price: z.number().int(),
    /** With `avg_cost`: 0 to a reader who does not see costs (`seesCosts`), as levels to a blind one. */
    buying_price: z.number().int(),
    tax_rate: z.number().int(),
    reorder_level: z.number().int(),
    avg_cost: z.number().int(),
    image: z.string().nullable(),
    active: z.boolean(),
    levels: z.array(z.object({ location_id: z.string(), quantity: z.number().int() })),
    on_hand: z.number().int(),
    updated_at: z.string(),
  }),
);
export type Product = z.infer<typeof productSchema>;

/** A list of products (a search's answer). */
export const productListSchema = /* @__PURE__ */ lazySchema(() => z.array(productSchema));

export const productQuerySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    q: safeText().max(100).optional(),
    category: safeText().max(60).optional(),
    location_id: z.uuid().optional(),
    low_stock: z.enum(['true', 'false']).optional(),
    include_inactive: z.enum(['true', 'false']).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  }),
);

export const priceHistorySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    price: z.number().int(),
    tax_rate: z.number().int(),
    changed_by: z.string().nullable(),
    created_at: z.string(),
  }),
);

export const movementSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    product_id: z.string(),
    location_id: z.string(),
    quantity: z.number().int(),
    unit_cost: z.number().int(),
    kind: z.enum(MOVEMENT_KINDS),
    doc_type: z.string(),
    doc_id: z.string(),
    reason: z.string().nullable(),
    user_id: z.string().nullable(),
    device_id: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type Movement = z.infer<typeof movementSchema>;

export const locationInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ name: text(60).min(1) }),
);
export const locationUpdateSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ name: text(60).min(1), active: z.boolean() }).partial(),
);

const supplierFields = /* @__PURE__ */ lazySchema(() => ({
  name: text(120).min(1),
  contact_name: text(120),
  phone: text(30),
  email: optionalEmailSchema,
  address: text(200),
  notes: multiline(1000),
  active: z.boolean(),
}));
export const supplierInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    ...supplierFields,
    contact_name: supplierFields.contact_name.default(''),
    phone: supplierFields.phone.default(''),
    email: supplierFields.email.default(''),
    address: supplierFields.address.default(''),
    notes: supplierFields.notes.default(''),
    active: supplierFields.active.default(true),
  }),
);
export const supplierUpdateSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject(supplierFields).partial(),
);
export const supplierSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    contact_name: z.string(),
    phone: z.string(),
    email: z.string(),
    address: z.string(),
    notes: z.string(),
    active: z.boolean(),
    updated_at: z.string(),
  }),
);
export type Supplier = z.infer<typeof supplierSchema>;

const line = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ product_id: idSchema, quantity: positiveQtySchema }),
);
const costedLine = /* @__PURE__ */ lazySchema(() => line.extend({ unit_cost: moneySchema }));
const lines = <T extends z.ZodType>(l: T) => z.array(l).min(1).max(500);

/** Every stock document carries the id its client made: it is also the idempotency key. */
export const receiptBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: idSchema,
    supplier_id: idSchema,
    location_id: idSchema,
    invoice_number: text(60).default(''),
    invoice_date: z.iso.date().optional(),
    note: multiline(500).default(''),
    lines: lines(costedLine),
  }),
);
export const adjustmentBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: idSchema,
    direction: z.enum(['positive', 'negative']),
    location_id: idSchema,
    reason: z.enum([...new Set([...POSITIVE_REASONS, ...NEGATIVE_REASONS])] as [string, ...string[]]),
    note: multiline(500).default(''),
    lines: lines(line),
  }),
);
export const transferBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: idSchema,
    from_location_id: idSchema,
    to_location_id: idSchema,
    note: multiline(500).default(''),
    lines: lines(line),
  }),
);

export const stockDocumentSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(['receipt', 'positive', 'negative', 'transfer', 'count']),
    location_id: z.string(),
    to_location_id: z.string().nullable(),
    supplier_id: z.string().nullable(),
    invoice_number: z.string(),
    invoice_date: z.string().nullable(),
    reason: z.string().nullable(),
    note: z.string(),
    total_cost: z.number().int(),
    user_id: z.string().nullable(),
    device_id: z.string().nullable(),
    created_at: z.string(),
    lines: z.array(
      z.object({
        product_id: z.string(),
        product_name: z.string(),
        quantity: z.number().int(),
        unit_cost: z.number().int(),
      }),
    ),
  }),
);
export type StockDocument = z.infer<typeof stockDocumentSchema>;

export const STOCK_COUNT_STATUSES = ['open', 'finalised', 'cancelled'] as const;

export const countStartSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: idSchema,
    location_id: idSchema,
    freeze_sales: z.boolean().default(false),
    note: multiline(500).default(''),
  }),
);
export const countEntrySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: idSchema,
    product_id: idSchema,
    /**
     * Thousandths counted; negative to correct an earlier entry; 0 for a product counted and
     * found missing (ADR 4: only a counted product is corrected, so an empty shelf is counted as 0).
     */
    quantity: z.number().int().min(-MAX_STOCK_QUANTITY).max(MAX_STOCK_QUANTITY),
  }),
);

/** A count's own fields, as its screen and the list of counts both give them. */
const countFields = () => ({
  id: z.string(),
  location_id: z.string(),
  status: z.enum(STOCK_COUNT_STATUSES),
  freeze_sales: z.boolean(),
  note: z.string(),
  started_by: z.string().nullable(),
  started_at: z.string(),
  closed_at: z.string().nullable(),
});

/** A count as counters see it: counted totals, never the expected figures (blind). */
export const stockCountSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...countFields(),
    counted: z.array(
      z.object({
        product_id: z.string(),
        product_name: z.string(),
        /** The product's unit, so that 18.5 reads "18.5 kg" and 2 "2 each". */
        unit: z.string().default('each'),
        quantity: z.number().int(),
        entries: z.number().int(),
      }),
    ),
    /**
     * The business's journal position the read of `GET /api/stock-counts/:id` is as of: sent
     * back as `?since=` it answers the totals of only the products counted or renamed after it.
     */
    as_of: z.number().int().optional(),
    /** Present on such an answer: `counted` holds only those products (the rest are as they were). */
    since: z.number().int().optional(),
    /**
     * A shop server's start that answered (sent back as `?boot=` with `since`): a read since under
     * another start, after a restart (a restore from a backup among them), is answered whole.
     */
    boot: z.string().optional(),
  }),
);
export type StockCount = z.infer<typeof stockCountSchema>;

/**
 * A count as the list of counts gives it: how far it has gone (products counted, entries made),
 * not its totals (a count of a whole shop is half a megabyte of them; its screen reads them).
 */
export const stockCountListItemSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...countFields(),
    products_counted: z.number().int(),
    entries: z.number().int(),
  }),
);
export type StockCountListItem = z.infer<typeof stockCountListItemSchema>;

/** The admin's review: expected (at the start), counted, variance in quantity and value. */
export const stockCountReviewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    count: stockCountSchema,
    lines: z.array(
      z.object({
        product_id: z.string(),
        product_name: z.string(),
        unit: z.string().default('each'),
        expected: z.number().int(),
        counted: z.number().int().nullable(),
        variance: z.number().int(),
        variance_value: z.number().int(),
        moved_since_start: z.number().int(),
      }),
    ),
    total_variance_value: z.number().int(),
  }),
);
export type StockCountReview = z.infer<typeof stockCountReviewSchema>;
