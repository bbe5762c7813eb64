import { z } from 'zod';
import { safeText } from './text.js';
import { lazySchema } from '../lazy-schema.js';
import { QUARANTINE_REASONS, SYNC_STATES, normaliseLinkCode } from '../sync/rules.js';

/**
 * Sync (ADR 11, part 1): a shop's local server pushes its journal and the documents it names to
 * the hosted server. These are the shapes of the owner's screens and of the wire.
 */

export const linkCodeSchema = /* @__PURE__ */ lazySchema(() =>
  safeText()
    .max(20)
    .transform(normaliseLinkCode)
    .pipe(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{8}$/, 'link_code_invalid')),
);

/** The hosted address a local server links to: http(s), no user info, query or fragment. */
export const hostedUrlSchema = /* @__PURE__ */ lazySchema(() =>
  safeText()
    .max(500)
    .url()
    .refine((u) => {
      try {
        const p = new URL(u);
        return (
          (p.protocol === 'https:' || p.protocol === 'http:') &&
          !p.username &&
          !p.password &&
          !p.search &&
          !p.hash
        );
      } catch {
        return false;
      }
    }, 'not an address'),
);

export const linkBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    hosted_url: hostedUrlSchema,
    code: linkCodeSchema,
    /** How the hosted site lists this PC among the shop PCs (empty or left out: the computer's name). */
    name: safeText().max(80).optional(),
  }),
);
export type LinkBody = z.infer<typeof linkBodySchema>;

export const linkCodeViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ code: z.string(), expires_at: z.string() }),
);
export type LinkCodeView = z.infer<typeof linkCodeViewSchema>;

const waitingSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ entries: z.number().int(), documents: z.number().int() }),
);

export const syncServerViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    state: z.enum(SYNC_STATES),
    credential_prefix: z.string(),
    linked_at: z.string(),
    last_contact_at: z.string().nullable(),
    last_push_at: z.string().nullable(),
    /** When the server last pulled from here (ADR 11 §11.3). */
    last_pull_at: z.string().nullable(),
    /** Entries of the journal here past that server's pull cursor: what it has still to receive. */
    to_pull: z.number().int(),
    /** What the shop said waits on its side at its last contact. */
    waiting: z.number().int(),
    oldest_unsynced_sale_at: z.string().nullable(),
    clock_skew_ms: z.number().int().nullable(),
    revoked_at: z.string().nullable(),
    /** The receipt series the server numbers in (ADR 11 §11.2): `''`, `B`, `C`, … */
    series: z.string(),
  }),
);
export type SyncServerView = z.infer<typeof syncServerViewSchema>;

export const syncStatusSchema = /* @__PURE__ */ lazySchema(() =>
  z.discriminatedUnion('role', [
    z.object({
      role: z.literal('local'),
      linked: z.boolean(),
      hosted_url: z.string().nullable(),
      server_id: z.string(),
      state: z.enum(SYNC_STATES).nullable(),
      linked_at: z.string().nullable(),
      last_push_at: z.string().nullable(),
      last_contact_at: z.string().nullable(),
      last_attempt_at: z.string().nullable(),
      /** When this PC last received from the hosted journal, and what it held for it then. */
      last_pull_at: z.string().nullable(),
      to_pull: z.number().int(),
      waiting: waitingSchema,
      /** Journal entries of the business in all, and how many the hosted side has (the copy's progress). */
      head: z.number().int(),
      cursor: z.number().int(),
      oldest_unsynced_sale_at: z.string().nullable(),
      failing_since: z.string().nullable(),
      last_error: z.object({ code: z.string(), at: z.string() }).nullable(),
      /** This PC's clock minus the hosted server's, in ms (null before the first contact). */
      clock_skew_ms: z.number().int().nullable(),
      /** Documents the hosted side set aside, as it said at the last contact. */
      quarantine_open: z.number().int(),
      /** Documents received from the hosted side that this PC set aside (open ones). */
      quarantine_here: z.number().int(),
      /** The receipt series this PC numbers in: its link's, or the one it kept when it unlinked. */
      series: z.string().nullable(),
    }),
    z.object({
      role: z.literal('hosted'),
      /** True while an unrevoked shop server keeps this business: the copy here is read-only. */
      linked: z.boolean(),
      servers: z.array(syncServerViewSchema),
      quarantine_open: z.number().int(),
    }),
  ]),
);
export type SyncStatusView = z.infer<typeof syncStatusSchema>;

export const quarantineItemSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    doc_type: z.string(),
    doc_id: z.string(),
    reason: z.enum(QUARANTINE_REASONS),
    server_id: z.string(),
    server_name: z.string(),
    /** A receipt number or name to recognise the document by ('' when it has none). */
    label: z.string(),
    diff: z.array(z.object({ path: z.string(), stored: z.unknown(), incoming: z.unknown() })),
    first_seen_at: z.string(),
    last_seen_at: z.string(),
    seen_count: z.number().int(),
  }),
);
export type QuarantineItem = z.infer<typeof quarantineItemSchema>;
export const quarantineListSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ items: z.array(quarantineItemSchema) }),
);

/** Where and when a value was set, from its stamp: `here` this server, else the other server's name ('' unknown). */
const setBySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ at: z.string().nullable(), here: z.boolean(), server: z.string() }),
);

/** A value that lost a merge: what it was, when and where it was set, and what replaced it. */
export const fieldHistoryItemSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    /** The field group (a column, or `price` for price and tax rate, `barcodes`, `locations`, `status`). */
    field: z.string(),
    /**
     * `concurrent`: two servers edited it and the later one won; `unique`: the value was taken first
     * elsewhere; the others: a change undone by the server whose data stood in its way (ADR 11
     * §11.5): the currency, a product's unit or deactivation, a location's or the last admin's
     * deactivation.
     */
    reason: z.enum([
      'concurrent',
      'unique',
      'unit_in_use',
      'product_holds_stock',
      'location_in_use',
      'last_admin',
      'currency_in_use',
    ]),
    value: z.record(z.string(), z.unknown()),
    set: setBySchema,
    won_value: z.record(z.string(), z.unknown()),
    won: setBySchema,
    recorded_at: z.string(),
  }),
);
export type FieldHistoryItem = z.infer<typeof fieldHistoryItemSchema>;
export const fieldHistorySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ items: z.array(fieldHistoryItemSchema) }),
);
