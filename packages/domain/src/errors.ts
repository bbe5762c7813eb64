import type { ImportRowErrorCode } from './api/product-import.js';
import type { WholeUnit } from './stock/units.js';

/**
 * Every error code of the API, the one list: the server throws them (`AppError`, typed by this
 * list) and maps each to its HTTP status in one place (apps/server/src/http/errors.ts, exhaustive
 * over the list); the web words each one in the user's language (apps/web/src/lib/error-words.ts,
 * exhaustive too, and a test checks every word is in all four languages).
 */
export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'session_expired',
  'invalid_credentials',
  'account_inactive',
  /** A deactivated user who gave the right password: told so, not "wrong password" (the QA). */
  'user_inactive',
  'forbidden',
  'device_not_approved',
  'device_blocked',
  'device_required',
  'location_not_allowed',
  /** A sale with no location, by a user with no home location to sell at. */
  'location_required',
  'business_offline',
  /** The session asking named itself to end (ending one of the user's other sessions): signing out ends this one. */
  'session_is_current',
  /** A state-changing request whose Origin or Sec-Fetch-Site says another site sent it (CSRF). */
  'cross_site_request',
  /**
   * A local server asked by a host name it does not answer to (421): a page of another site whose
   * name was pointed at the shop's PC (DNS rebinding). IP addresses and local names are answered.
   */
  'host_not_allowed',
  'not_found',
  'conflict',
  'already_set_up',
  'username_taken',
  'mobile_taken',
  /** Usernames and mobile numbers are one namespace: sign-in takes either. */
  'username_is_mobile',
  'mobile_is_username',
  'last_admin',
  /** An admin deactivating their own account (they would be signed out and locked out at once). */
  'own_account',
  /** A change of the business's currency once amounts are recorded in it. */
  'currency_in_use',
  'idempotency_conflict',
  'insufficient_stock',
  'code_taken',
  'barcode_taken',
  'location_holds_stock',
  /** Another location of the business has this name (letter case and spaces aside). */
  'location_name_taken',
  /** A product deactivated while some location holds (or owes) stock of it. */
  'product_holds_stock',
  /** A product's unit changed once it has stock or a history: its quantities would read in the new unit. */
  'unit_in_use',
  /**
   * Stock given to an inactive product (a reversal of its sale, a count's correction): refused, as
   * an inactive product holds none; `params.name` names it.
   */
  'product_inactive',
  /** A product deactivated while an open stock count has counted it (its finalise would stock it). */
  'product_in_count',
  /**
   * A count's corrections for a location made inactive while the count was open (a change synced
   * in): refused, as an inactive location holds no stock; activate it again or cancel the count.
   */
  'location_inactive',
  /** A count open at the location already (or, deactivating the location, one open there). */
  'count_open',
  /**
   * A count already closed the other way: finalise after cancel, cancel after finalise, an entry
   * after either. The same action again is no refusal: it answers the count as it was closed.
   */
  'count_closed',
  /** An entry (a negative one, a correction) that would take a product's counted total below zero. */
  'count_below_zero',
  /**
   * A fraction of a product counted in whole pieces (`WHOLE_UNITS`: 1.5 "each", a reorder level of
   * 0.5 "pair"), typed by a person: `field` names the quantity, `params` the product and its unit.
   */
  'quantity_not_whole',
  'sales_frozen',
  /** Stock moved into or out of a location while a count that freezes its sales is open there. */
  'stock_frozen',
  'credit_limit_exceeded',
  'reference_used',
  'price_changed',
  'reversal_exceeds_sale',
  'already_reversed',
  'nothing_to_reverse',
  'day_closed',
  'already_voided',
  /** A cart or parked sale saved after its sale was recorded (a till that had not heard yet): not kept. */
  'draft_recorded',
  /**
   * The sale was already completed under this cart's id on another till (a parked sale resumed on
   * two, a cart taken over from another till): not a retry of this till's own, so not answered as one.
   */
  'sale_completed_elsewhere',
  'overpayment',
  /**
   * A debtor's credit handed back in cash (debtors/payouts.ts) for more than the credit they have
   * (a balance below zero), or while they have none: `params.credit` is the credit (0 when none).
   */
  'payout_exceeds_credit',
  'image_storage_full',
  'discount_not_allowed',
  'tendered_too_low',
  'no_printer',
  'printer_unreachable',
  /** What the printer said (ESC/POS status) or did while a receipt was sent (printing/printer-status.ts). */
  'printer_out_of_paper',
  'printer_cover_open',
  'printer_offline',
  'printer_timeout',
  'printer_disconnected',
  'printing_key_unavailable',
  'payload_too_large',
  'unsupported_media_type',
  'validation_failed',
  /** A line or a whole sale or stock document worth more than MAX_SALE_AMOUNT minor units. */
  'amount_too_large',
  /** A CSV file refused whole (its columns, its size, a row that cannot be read): `params.reason` says which. */
  'csv_refused',
  'unsupported_file',
  'image_unreadable',
  'rate_limited',
  /** Sync (ADR 11): linking a shop's server to the hosted server and pushing to it. */
  'link_code_invalid',
  'link_business_has_data',
  'link_username_taken',
  'link_mobile_taken',
  'sync_already_linked',
  /** A PC that already keeps a business cannot join another as a new branch. */
  'link_shop_has_business',
  'sync_not_linked',
  'sync_insecure_url',
  'sync_unreachable',
  'sync_gap',
  'sync_diverged',
  'sync_revoked',
  'sync_forbidden',
  'sync_batch_invalid',
  'sync_schema_newer',
  /**
   * A push whose next user asks a name while the business's answers for the hour are used up
   * (users/name-clashes.ts): sent again after Retry-After.
   */
  'sync_names_limited',
  /** What the hosted server sent could not be applied on this server (a shop's pull): tried again. */
  'sync_pull_failed',
  /**
   * The hosted copy went back to an earlier point (its database restored from a backup): it sends
   * other entries under its own numbers a shop already holds. Nothing more is pulled until it is
   * repaired; the shop sells on.
   */
  'sync_hosted_rewound',
  /** A write on the hosted copy of a business a shop's server keeps (read-only there). */
  'business_synced_from_shop',
  /** A stock count or day close of a location whose home is another server (ADR 11 §11.4). */
  'location_elsewhere',
  /** The database was too busy to serve in time (a lock or a connection not had): nothing was kept; try again. */
  'server_busy',
  /** The server's disk (or its database's) has no room left: nothing of the request was kept. */
  'disk_full',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code);
}

/**
 * What a refusal names, sent beside its (English) message as `params`, so the web can word it in
 * the user's language without reading the message. A code not listed here carries none.
 */
export interface ErrorParamsByCode {
  /**
   * The barcode refused: another product's (`taken`), listed twice by the product (`twice`), or
   * another product's code (`code`: a search for that code would find this product).
   */
  barcode_taken: { barcode: string; why: 'taken' | 'twice' | 'code' };
  /**
   * The code refused: another product's in some case (`code`, with that product's code as it is
   * written), or another product's barcode (`barcode`).
   */
  code_taken: { code: string; why: 'code' | 'barcode' };
  /** The product short of stock and what is on hand of it (thousandths; below zero when already short). */
  insufficient_stock: { product_id: string; name: string; on_hand: number };
  /** The receipt the reference was first used on; absent when two payments raced for it. */
  reference_used: { receipt_no?: string };
  /** The receipt the other till recorded the sale as. */
  sale_completed_elsewhere: { receipt_no: string };
  /** Where the hosted side expects the next batch to start (its cursor in the shop's journal). */
  sync_gap: { expected: { seq: number; entry_id: string | null } };
  sync_diverged: { expected: { seq: number; entry_id: string | null } };
  /** The user name or mobile another business on the hosted server already has. */
  link_username_taken: { username: string };
  link_mobile_taken: { mobile: string };
  /**
   * The server the location's counts and day closes are made on: its name and receipt series
   * when this server knows them (the hosted one knows every linked server), else `''`.
   */
  location_elsewhere: { server: string; series: string };
  /** The currency the business's amounts are recorded in. */
  currency_in_use: { currency: string };
  /** What the debtor has in credit now (minor units; 0 when they have none). */
  payout_exceeds_credit: { credit: number };
  /** The location whose count freezes it. */
  stock_frozen: { location: string };
  /** The inactive product stock was refused for. */
  product_inactive: { product_id: string; name: string };
  /** How the count was closed. */
  count_closed: { status: 'finalised' | 'cancelled' };
  /** The product whose quantity has a fraction, and the whole unit it is counted in. */
  quantity_not_whole: { product_id: string; name: string; unit: WholeUnit };
  /** Why a CSV file was refused whole; `columns` a comma-separated list, `row` the file's line. */
  csv_refused: {
    /**
     * not_utf8: the file was read in another encoding (a U+FFFD where a letter was); empty: it has
     * no product rows (nothing at all, or only its header); spreadsheet: a workbook (.xlsx, .xls,
     * .ods) picked instead of its CSV.
     */
    reason:
      | 'empty'
      | 'missing_columns'
      | 'unknown_columns'
      | 'too_many_rows'
      | 'broken_row'
      | 'not_utf8'
      | 'spreadsheet';
    columns?: string;
    row?: number;
    max?: number;
  };
  /**
   * Only the products' CSV import names these, when its commit refuses a row (the catalogue
   * changed since the file was checked): the file's row (the header is row 1), its column and its
   * error's code (`IMPORT_ROW_ERROR_CODES`) with what that names (`other_row`: the error's `row`),
   * so the web words it as the preview does. Every other refusal of this code carries none.
   */
  validation_failed: {
    row: number;
    column: string;
    row_error: ImportRowErrorCode;
    max?: number;
    decimals?: number;
    barcode?: string;
    other_row?: number;
  };
}

/** The params of a code: `never` for a code that carries none. */
export type ErrorParams<C extends ErrorCode = ErrorCode> = C extends keyof ErrorParamsByCode
  ? ErrorParamsByCode[C]
  : never;

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; field?: string; params?: ErrorParams };
}
