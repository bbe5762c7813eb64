/**
 * Sync's values and rules without its schemas (api/sync.ts has those): the header's indicator reads
 * a status with these on every screen, the till's included, and zod is not part of the till's
 * first load (issue 21).
 */

/** Where the link is: copying history, caught up, or stopped for a reason the owner must see. */
export const SYNC_STATES = ['copying', 'active', 'diverged', 'revoked', 'refused'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

/** Why the hosted side set a document aside instead of writing it. */
export const QUARANTINE_REASONS = [
  'content_differs',
  'other_business',
  'missing_reference',
  'username_taken',
  'mobile_taken',
  'receipt_taken',
  /** A day close of a location and day another close of the business here already closed. */
  'day_closed_twice',
  /** An expense's void when another void of it is here already (voided on two servers apart). */
  'voided_twice',
  /** A reversal that would take a sale line past what was sold (reversed on two servers apart). */
  'reversed_twice',
  /** A new record holding a value another record here holds alone (the last guard: apply-fresh.ts). */
  'value_taken',
  /** A file that would take the business's images past the hosted server's storage cap. */
  'image_storage_full',
  'invalid',
] as const;
export type QuarantineReason = (typeof QUARANTINE_REASONS)[number];

/** The largest batch the hosted server takes: entries and uncompressed bytes of documents. */
export const SYNC_MAX_ENTRIES = 1000;
export const SYNC_MAX_BYTES = 4 * 1024 * 1024;
/** A link code lives this long (ADR 11 §3.1). */
export const LINK_CODE_TTL_MS = 15 * 60_000;
/** The push job looks for new journal entries this often, and says hello at least this often. */
export const SYNC_TICK_MS = 2_000;
export const SYNC_HEARTBEAT_MS = 5 * 60_000;
/** A push failing this long becomes a notification. */
export const SYNC_ALERT_AFTER_MS = 60 * 60_000;
/** A clock further off than this is pointed out to the owner. */
export const SYNC_SKEW_WARN_MS = 2 * 60_000;
/**
 * A received stamp further ahead of this server's now than this does not move its clock (ADR 11
 * §2): the value still merges, and the skew is reported, so one wrong clock cannot drag every
 * server's stamps into its future.
 */
export const SYNC_MAX_DRIFT_MS = 5 * 60_000;

/** Crockford base32 without I, L, O, U: what a person can read out and type. */
export const LINK_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A typed link code as the server compares it: upper case, no dashes or spaces. */
export function normaliseLinkCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '');
}

/** `7KQ4M2XD` → `7KQ4-M2XD`, as it is shown. */
export function formatLinkCode(code: string): string {
  const c = normaliseLinkCode(code);
  return c.length === 8 ? `${c.slice(0, 4)}-${c.slice(4)}` : c;
}

/** The records whose fields merge by stamp (ADR 11 §11.1): their history lists values that lost. */
export const HISTORY_DOC_TYPES = [
  'business',
  'location',
  'user',
  'product',
  'supplier',
  'payment_provider',
  'expense_category',
  'debtor',
  'stock_count',
] as const;
export type HistoryDocType = (typeof HISTORY_DOC_TYPES)[number];
