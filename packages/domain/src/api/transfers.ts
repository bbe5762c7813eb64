import { z } from 'zod';
import { idSchema, listNameSchema } from './common.js';
import { daySchema } from './sales.js';
import { safeText } from './text.js';
import { lazySchema } from '../lazy-schema.js';

export const PROVIDER_KINDS = ['mobile_money', 'bank'] as const;

/** A bank or mobile-money service customers pay through; the admin keeps the list. */
export const providerInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: idSchema.optional(),
    name: listNameSchema,
    kind: z.enum(PROVIDER_KINDS).default('mobile_money'),
  }),
);
export const providerUpdateSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ name: listNameSchema, kind: z.enum(PROVIDER_KINDS), active: z.boolean() }).partial(),
);
export const providerSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(PROVIDER_KINDS),
    active: z.boolean(),
  }),
);
export type Provider = z.infer<typeof providerSchema>;

/** Where a transfer comes from in the books. */
export const TRANSFER_SOURCES = ['sale', 'debtor_payment', 'reversal'] as const;

export const transfersQuerySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    from: daySchema.optional(),
    to: daySchema.optional(),
    provider_id: idSchema.optional(),
    location_id: idSchema.optional(),
    status: z.enum(['confirmed', 'unconfirmed']).optional(),
    source: z.enum(TRANSFER_SOURCES).optional(),
    q: safeText().max(60).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(200),
    offset: z.coerce.number().int().min(0).default(0),
  }),
);

export const transferSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    source: z.enum(TRANSFER_SOURCES),
    source_id: z.string(),
    receipt_no: z.string(),
    provider_id: z.string(),
    provider_name: z.string(),
    reference: z.string(),
    /** Signed: + received, − sent back (a refund) or paid out. */
    amount: z.number().int(),
    location_id: z.string(),
    location_name: z.string(),
    user_name: z.string(),
    business_day: z.string(),
    created_at: z.string(),
    confirmed_at: z.string().nullable(),
    confirmed_by_name: z.string().nullable(),
  }),
);
export type Transfer = z.infer<typeof transferSchema>;

export const transferListSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    items: z.array(transferSchema),
    total_count: z.number().int(),
    confirmed: z.object({ count: z.number().int(), amount: z.number().int() }),
    unconfirmed: z.object({ count: z.number().int(), amount: z.number().int() }),
  }),
);
export type TransferList = z.infer<typeof transferListSchema>;
