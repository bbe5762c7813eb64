import { z } from 'zod';
import { idSchema } from './common.js';
import { daySchema, transferReferenceSchema } from './sales.js';
import { moneySchema } from './stock.js';
import { safeMultiline, safeText } from './text.js';
import { lazySchema } from '../lazy-schema.js';

const text = (max: number) => safeText().max(max);
/** A debtor's phone: 7 to 20 digits and spaces, optionally starting with +; or none. */
export const debtorPhoneSchema = /* @__PURE__ */ lazySchema(() =>
  z.union([safeText().regex(/^\+?[0-9 ]{7,20}$/, 'A phone number'), z.literal('')]),
);

export const debtorInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: idSchema.optional(),
    name: text(120).min(1),
    phone: debtorPhoneSchema.default(''),
    id_number: text(30).default(''),
    /** Admins only; others get the business's default credit limit. */
    credit_limit: moneySchema.optional(),
    note: safeMultiline().max(500).default(''),
  }),
);
export const debtorUpdateSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      name: text(120).min(1),
      phone: debtorPhoneSchema,
      id_number: text(30),
      /** Admins only. */
      credit_limit: moneySchema,
      /** Admins only. */
      active: z.boolean(),
      note: safeMultiline().max(500),
    })
    .partial(),
);

export const debtorSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string(),
    id_number: z.string(),
    credit_limit: z.number().int(),
    /** What the debtor owes now (sum of their ledger). */
    balance: z.number().int(),
    /** How much more they may buy on credit (never below zero). */
    available: z.number().int(),
    active: z.boolean(),
    note: z.string(),
    last_activity_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type Debtor = z.infer<typeof debtorSchema>;

/** The columns the debtors list can be sorted by. */
export const DEBTOR_SORT_KEYS = ['name', 'balance', 'credit_limit', 'available'] as const;
export type DebtorSortKey = (typeof DEBTOR_SORT_KEYS)[number];

export const debtorsQuerySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    q: safeText().max(100).optional(),
    owing: z.enum(['true', 'false']).optional(),
    over_limit: z.enum(['true', 'false']).optional(),
    include_inactive: z.enum(['true', 'false']).optional(),
    /** The whole list is sorted by the server, so paging keeps the order across pages. */
    sort: z.enum(DEBTOR_SORT_KEYS).default('name'),
    dir: z.enum(['asc', 'desc']).default('asc'),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    offset: z.coerce.number().int().min(0).default(0),
  }),
);

export const debtorListSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    items: z.array(debtorSchema),
    total_count: z.number().int(),
    /** Owed by every debtor the filter matches. */
    total_balance: z.number().int(),
    /**
     * Owed by every debtor of the business, whatever the filter (inactive ones too): the
     * dashboard's `debtors.owed`. Positive balances only, as `total_balance`.
     */
    all_owed: z.number().int(),
  }),
);

export const PAYMENT_METHODS = ['cash', 'transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const debtorPaymentBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: idSchema,
    amount: moneySchema.min(1, 'More than zero'),
    method: z.enum(PAYMENT_METHODS),
    location_id: idSchema,
    provider_id: idSchema.optional(),
    reference: transferReferenceSchema.optional(),
    note: text(200).default(''),
  }),
);

export const debtorPaymentSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    receipt_no: z.string(),
    debtor_id: z.string(),
    debtor_name: z.string(),
    amount: z.number().int(),
    method: z.enum(PAYMENT_METHODS),
    location_id: z.string(),
    location_name: z.string(),
    provider_name: z.string().nullable(),
    reference: z.string().nullable(),
    note: z.string(),
    balance_after: z.number().int(),
    user_name: z.string(),
    business_day: z.string(),
    created_at: z.string(),
    /**
     * On a void: the payment it undoes (its amount is the payment's, turned negative; its note the
     * reason; its business day and location the payment's, whose day it corrects). A pay-out of a
     * debtor's credit (`debtorPayoutBodySchema`) has none: its amount is negative, in cash, its
     * note the reason.
     */
    voids_id: z.string().nullable().default(null),
    /** On a voided payment: the void that undid it. */
    voided_by_id: z.string().nullable().default(null),
  }),
);
export type DebtorPayment = z.infer<typeof debtorPaymentSchema>;

/** Voiding a payment entered wrongly (5,000 for 500): an admin's, with the reason; once per payment. */
export const debtorPaymentVoidBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    /** The id of the void (the idempotency key). */
    id: idSchema,
    reason: text(200).min(1, 'Say why the payment is voided'),
  }),
);
export type DebtorPaymentVoidBody = z.input<typeof debtorPaymentVoidBodySchema>;

/**
 * Handing a debtor's credit (a balance below zero) back in cash: an admin's, from the drawer of the
 * location they pay at (by default their home location), never more than the credit.
 */
export const debtorPayoutBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    /** The id of the pay-out (the idempotency key). */
    id: idSchema,
    amount: moneySchema.min(1, 'More than zero'),
    reason: text(200).default(''),
    /** Where the cash leaves the drawer; none: the admin's home location. */
    location_id: idSchema.optional(),
  }),
);
export type DebtorPayoutBody = z.input<typeof debtorPayoutBodySchema>;

/**
 * A debtor's ledger entries: a credit sale, a payment, a sale reversed, a payment voided, a credit
 * paid out in cash.
 */
export const DEBTOR_ENTRY_KINDS = ['sale', 'payment', 'reversal', 'payment_void', 'payout'] as const;

export const statementQuerySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ from: daySchema, to: daySchema }),
);

export const statementSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    debtor: debtorSchema,
    from: z.string(),
    to: z.string(),
    opening_balance: z.number().int(),
    closing_balance: z.number().int(),
    entries: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(DEBTOR_ENTRY_KINDS),
        receipt_no: z.string(),
        /** Signed: + the debtor owes more, − less. */
        amount: z.number().int(),
        balance: z.number().int(),
        note: z.string(),
        created_at: z.string(),
        /**
         * A payment's: how it came (cash or transfer) and, by transfer, through whom and under
         * which reference, to check against the customer's messages; null on other entries (and
         * from a server before these were sent).
         */
        method: z.enum(PAYMENT_METHODS).nullable().default(null),
        provider_name: z.string().nullable().default(null),
        reference: z.string().nullable().default(null),
        /** A payment's id (what a void names); null on other entries. */
        payment_id: z.string().nullable().default(null),
        /** A payment that was voided: the void's receipt number, reason and time. */
        voided: z
          .object({ receipt_no: z.string(), reason: z.string(), created_at: z.string() })
          .nullable()
          .default(null),
        /** A void's entry: the receipt number of the payment it undid. */
        voids_receipt_no: z.string().nullable().default(null),
      }),
    ),
  }),
);
export type Statement = z.infer<typeof statementSchema>;

/** How a statement's payment came: "M-Pesa QX12ABC" by transfer, or the method's own word. */
export function paymentHow(
  e: { method: string | null; provider_name: string | null; reference: string | null },
  methodWord: (method: string) => string,
): string {
  if (!e.method) return '';
  const named = [e.provider_name, e.reference].filter(Boolean).join(' ');
  return e.method === 'transfer' && named ? named : methodWord(e.method);
}
