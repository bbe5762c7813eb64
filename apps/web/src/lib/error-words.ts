import { type ErrorCode, isErrorCode } from '@duka/domain';

/** The seed spec's words for any other failure (§8.3). */
export const GENERIC_ERROR = 'errors.generic';

/**
 * Every error code of the API (the domain's `ERROR_CODES`) and the key of its words in the user's
 * language. A code the app words itself shows those words; a code on `GENERIC_ERROR` is one of the
 * seed spec's "other failures": a refusal of it shows the server's message (it names the record at
 * fault), anything else the generic words. A new code in the domain fails the type check here until
 * it is given its words; a test checks each key is in all four languages.
 */
export const ERROR_WORDS: Record<ErrorCode, string> = {
  bad_request: GENERIC_ERROR,
  unauthorized: GENERIC_ERROR,
  session_expired: GENERIC_ERROR,
  invalid_credentials: 'errors.invalidCredentials',
  account_inactive: GENERIC_ERROR,
  forbidden: 'errors.forbidden',
  device_not_approved: 'errors.deviceNotApproved',
  device_blocked: 'errors.deviceBlocked',
  device_required: GENERIC_ERROR,
  location_not_allowed: GENERIC_ERROR,
  location_required: 'errors.locationRequired',
  business_offline: 'errors.offline',
  cross_site_request: 'errors.forbidden',
  not_found: 'errors.notFound',
  conflict: GENERIC_ERROR,
  already_set_up: 'errors.alreadySetUp',
  username_taken: 'errors.usernameTaken',
  mobile_taken: 'errors.mobileTaken',
  username_is_mobile: 'errors.usernameIsMobile',
  mobile_is_username: 'errors.mobileIsUsername',
  last_admin: 'errors.lastAdmin',
  idempotency_conflict: GENERIC_ERROR,
  insufficient_stock: GENERIC_ERROR,
  code_taken: GENERIC_ERROR,
  barcode_taken: GENERIC_ERROR,
  location_holds_stock: GENERIC_ERROR,
  count_open: GENERIC_ERROR,
  sales_frozen: 'till.errors.salesFrozen',
  credit_limit_exceeded: GENERIC_ERROR,
  reference_used: GENERIC_ERROR,
  price_changed: GENERIC_ERROR,
  reversal_exceeds_sale: GENERIC_ERROR,
  already_reversed: GENERIC_ERROR,
  day_closed: GENERIC_ERROR,
  already_voided: GENERIC_ERROR,
  overpayment: GENERIC_ERROR,
  image_storage_full: 'errors.imageStorageFull',
  discount_not_allowed: GENERIC_ERROR,
  tendered_too_low: GENERIC_ERROR,
  no_printer: GENERIC_ERROR,
  printer_unreachable: 'errors.printerUnreachable',
  printer_out_of_paper: 'errors.printerOutOfPaper',
  printer_cover_open: 'errors.printerCoverOpen',
  printer_offline: 'errors.printerOffline',
  printer_timeout: 'errors.printerTimeout',
  printer_disconnected: 'errors.printerDisconnected',
  printing_key_unavailable: GENERIC_ERROR,
  payload_too_large: 'errors.imageTooLarge',
  unsupported_media_type: 'errors.unsupportedFile',
  validation_failed: 'errors.validationFailed',
  unsupported_file: 'errors.unsupportedFile',
  image_unreadable: 'errors.imageUnreadable',
  rate_limited: 'errors.rateLimited',
  link_code_invalid: 'errors.linkCodeInvalid',
  link_business_has_data: 'errors.linkBusinessHasData',
  link_username_taken: 'errors.linkUsernameTaken',
  link_mobile_taken: 'errors.linkMobileTaken',
  sync_already_linked: 'errors.syncAlreadyLinked',
  sync_not_linked: 'errors.syncNotLinked',
  sync_insecure_url: 'errors.syncInsecureUrl',
  sync_unreachable: 'errors.syncUnreachable',
  sync_gap: 'errors.syncGap',
  sync_diverged: 'errors.syncDiverged',
  sync_revoked: 'errors.syncRevoked',
  sync_forbidden: 'errors.syncForbidden',
  sync_batch_invalid: 'errors.syncBatchInvalid',
  sync_schema_newer: 'errors.syncSchemaNewer',
  business_synced_from_shop: 'errors.syncedFromShop',
  disk_full: 'errors.diskFull',
  internal: GENERIC_ERROR,
};

/** The key of the app's own words for a code, when it has some (not the generic words). */
export function ownWordsOf(code: string): string | null {
  if (!isErrorCode(code)) return null;
  const key = ERROR_WORDS[code];
  return key === GENERIC_ERROR ? null : key;
}

/** What a screen words itself for a refusal: by code, or by `code:field` to tell fields apart. */
export type KnownRefusals = Partial<Record<ErrorCode | `${ErrorCode}:${string}`, string>>;
