import { z } from 'zod';
import { LANGUAGES, isCurrencyCode, isTimeZone } from '../locale.js';
import { BASIS_POINTS } from '../quantity.js';
import { WEEK_STARTS } from '../report-periods.js';
import {
  idSchema,
  mobileSchema,
  optionalEmailSchema,
  passwordSchema,
  personNameSchema,
  usernameSchema,
} from './common.js';
import { safeMultiline, safeText } from './text.js';
import { lazySchema } from '../lazy-schema.js';
import { isNamePassword } from './password-strength.js';

export const currencySchema = /* @__PURE__ */ lazySchema(() =>
  safeText().toUpperCase().refine(isCurrencyCode, 'An ISO 4217 currency code, e.g. KES'),
);
export const timeZoneSchema = /* @__PURE__ */ lazySchema(() =>
  safeText().refine(isTimeZone, 'An IANA time zone name, e.g. Africa/Nairobi'),
);
export const languageSchema = /* @__PURE__ */ lazySchema(() => z.enum(LANGUAGES));
export const businessNameSchema = /* @__PURE__ */ lazySchema(() => safeText().min(1).max(80));

export const setupBodySchema = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      business_name: businessNameSchema,
      currency: currencySchema.default('KES'),
      timezone: timeZoneSchema.default('Africa/Nairobi'),
      language: languageSchema.default('en'),
      admin_name: personNameSchema.optional(),
      username: usernameSchema,
      mobile: mobileSchema.optional(),
      password: passwordSchema,
    })
    .refine((b) => !isNamePassword(b.password, b.username) && !isNamePassword(b.password, b.business_name), {
      path: ['password'],
      message: 'like_name',
    }),
);
export type SetupBody = z.input<typeof setupBodySchema>;

export const setupStatusSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ setup_required: z.boolean(), mode: z.enum(['local', 'hosted']) }),
);

const optionalText = (max: number) => safeText().max(max);
/** Text that may span lines: the address, the receipt's header and footer. */
const multilineText = (max: number) => safeMultiline().max(max);

export const paymentDetailsSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    mpesa_paybill: optionalText(20).default(''),
    mpesa_account: optionalText(40).default(''),
    mpesa_till: optionalText(20).default(''),
    bank_name: optionalText(80).default(''),
    bank_account: optionalText(40).default(''),
    other: optionalText(200).default(''),
  }),
);

/** Characters per line of a receipt layout (`RECEIPT_COLUMNS`). */
const receiptColumnsSchema = () => z.union([z.literal(32), z.literal(42), z.literal(48)]);

/** The first day of the business's week (`WEEK_STARTS`): 1 Monday, 0 Sunday, 6 Saturday. */
const weekStartSchema = () =>
  z.union([z.literal(WEEK_STARTS[0]), z.literal(WEEK_STARTS[1]), z.literal(WEEK_STARTS[2])]);

/** The longest name of the tax a business may give (it prints on a receipt row beside the rate). */
export const TAX_NAME_MAX = 12;

/**
 * The fields of the business that staff may read too: both schemas below are made from them, so
 * the one the app parses as it starts (`/api/me`'s business) is made without the whole profile's
 * (issue 21: built from `businessSchema.pick`, it made the profile's 25 fields and payment details
 * first).
 */
const publicBusinessFields = () => ({
  id: idSchema,
  name: z.string(),
  logo: z.string().nullable(),
  currency: z.string(),
  timezone: z.string(),
  language: languageSchema,
  allow_negative_stock: z.boolean(),
  /** Largest discount staff may give, basis points of the amount (1000 = 10 %); admins: no limit. */
  max_discount_bp: z.number().int(),
  /** Credit limit given to a debtor that someone other than an admin adds. */
  default_credit_limit: z.number().int(),
  /** Receipt roll width in millimetres. */
  receipt_width: z.union([z.literal(58), z.literal(80)]),
  /**
   * Characters per line receipts are laid out at (`RECEIPT_COLUMNS`): 32 on a 58 mm roll, 42 or 48
   * on an 80 mm one.
   */
  receipt_columns: receiptColumnsSchema(),
  /**
   * What the business calls its tax (GST, ICMS, TVA…), printed and shown beside each rate; '' =
   * the word of the language ("VAT", "IVA", "MwSt.").
   */
  tax_name: z.string(),
  /** The first day of the business's week: its reports' weeks and "This week" start on it. */
  week_start: weekStartSchema(),
});

export const businessSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...publicBusinessFields(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    tax_number: z.string(),
    receipt_header: z.string(),
    receipt_footer: z.string(),
    payment_details: paymentDetailsSchema,
    online_offline: z.union([z.literal(0), z.literal(1)]),
    /**
     * Two-way sync (ADR 11 §11.6): a business a shop's PC keeps may also be sold and edited on the
     * hosted site, and every server pulls; off, the hosted copy is read-only.
     */
    two_way_sync: z.boolean(),
    require_approved_devices: z.boolean(),
    /** A network receipt printer the local server prints to directly (raw TCP); '' = none. */
    printer_host: z.string(),
    printer_port: z.number().int(),
    updated_at: z.string(),
  }),
);
export type Business = z.infer<typeof businessSchema>;

/** What staff may read of the business: what the app needs to show. */
export const businessPublicSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...publicBusinessFields(),
    /** A local server with a network printer in the profile: receipts can print from the server. */
    network_printer: z.boolean(),
  }),
);
export type BusinessPublic = z.infer<typeof businessPublicSchema>;

/** A network receipt printer's address: an IP address or a host name; '' = none. */
export const printerHostSchema = /* @__PURE__ */ lazySchema(() =>
  z.union([
    z.literal(''),
    safeText()
      .max(253)
      .regex(/^[A-Za-z0-9.-]+$|^\[?[0-9A-Fa-f:]+\]?$/, 'A printer address: an IP address or host name'),
  ]),
);
export const printerPortSchema = /* @__PURE__ */ lazySchema(() => z.number().int().min(1).max(65535));

export const businessUpdateSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      name: businessNameSchema,
      address: multilineText(200),
      phone: z.union([mobileSchema, z.literal('')]),
      email: optionalEmailSchema,
      tax_number: optionalText(40),
      currency: currencySchema,
      timezone: timeZoneSchema,
      language: languageSchema,
      receipt_header: multilineText(500),
      receipt_footer: multilineText(500),
      payment_details: paymentDetailsSchema,
      online_offline: z.union([z.literal(0), z.literal(1)]),
      two_way_sync: z.boolean(),
      require_approved_devices: z.boolean(),
      allow_negative_stock: z.boolean(),
      max_discount_bp: z.number().int().min(0).max(BASIS_POINTS),
      default_credit_limit: z.number().int().min(0).max(1e12),
      /** The roll alone (58 or 80 mm): its characters per line stay when the roll does, else 32 or 48. */
      receipt_width: z.union([z.literal(58), z.literal(80)]),
      /** The characters per line; the roll follows (32: 58 mm; 42, 48: 80 mm). */
      receipt_columns: receiptColumnsSchema(),
      printer_host: printerHostSchema,
      printer_port: printerPortSchema,
      /** The tax's name on receipts and screens; '' = the language's word. */
      tax_name: optionalText(TAX_NAME_MAX),
      week_start: weekStartSchema(),
    })
    .partial(),
);
export type BusinessUpdate = z.input<typeof businessUpdateSchema>;
