import { z } from 'zod';
import { idSchema, listNameSchema } from './common.js';
import { PAYMENT_METHODS } from './debtors.js';
import { daySchema, transferReferenceSchema } from './sales.js';
import { moneySchema } from './stock.js';
import { safeMultiline, safeText } from './text.js';
import { lazySchema } from '../lazy-schema.js';

export const categoryInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ id: idSchema.optional(), name: listNameSchema }),
);
export const categoryUpdateSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ name: listNameSchema, active: z.boolean() }).partial(),
);
export const categorySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ id: z.string(), name: z.string(), active: z.boolean() }),
);
export type ExpenseCategory = z.infer<typeof categorySchema>;

export const expenseBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: idSchema,
    date: daySchema,
    category_id: idSchema,
    amount: moneySchema.min(1, 'More than zero'),
    method: z.enum(PAYMENT_METHODS),
    location_id: idSchema,
    provider_id: idSchema.optional(),
    reference: transferReferenceSchema.optional(),
    note: safeMultiline().max(500).default(''),
    /** An uploaded image of the slip (POST /api/files/images). */
    image: safeText().max(100).nullable().default(null),
  }),
);
export type ExpenseBody = z.input<typeof expenseBodySchema>;

export const expenseVoidBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    /** The id of the voiding entry (the idempotency key). */
    id: idSchema,
    reason: safeMultiline().max(200).min(1, 'Say why the expense is voided'),
  }),
);

export const expenseSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    date: z.string(),
    category_id: z.string(),
    category_name: z.string(),
    /** Negative on the entry that voids another. */
    amount: z.number().int(),
    method: z.enum(PAYMENT_METHODS),
    location_id: z.string(),
    location_name: z.string(),
    provider_name: z.string().nullable(),
    reference: z.string().nullable(),
    note: z.string(),
    image: z.string().nullable(),
    /** On a voiding entry: the expense it voids. */
    voids_id: z.string().nullable(),
    /** On a voided expense: the entry that voided it. */
    voided_by_id: z.string().nullable(),
    user_name: z.string(),
    created_at: z.string(),
  }),
);
export type Expense = z.infer<typeof expenseSchema>;

export const expensesQuerySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    from: daySchema.optional(),
    to: daySchema.optional(),
    category_id: idSchema.optional(),
    location_id: idSchema.optional(),
    method: z.enum(PAYMENT_METHODS).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(200),
    offset: z.coerce.number().int().min(0).default(0),
  }),
);

export const expenseListSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    items: z.array(expenseSchema),
    total_count: z.number().int(),
    /** Net of voids, over everything the filter matches. */
    total: z.number().int(),
    by_method: z.object({ cash: z.number().int(), transfer: z.number().int() }),
    by_category: z.array(z.object({ category_id: z.string(), name: z.string(), total: z.number().int() })),
  }),
);
export type ExpenseList = z.infer<typeof expenseListSchema>;
