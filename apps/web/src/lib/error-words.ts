import { type ErrorCode, isErrorCode } from '@duka/domain';

/** The seed spec's words for any other failure (§8.3). */
export const GENERIC_ERROR = 'errors.generic';

/**
 * Every error code of the API (the domain's `ERROR_CODES`) and the key of its words in the user's
 * language, with the code's params (`ErrorParamsByCode`) to fill them. Only `internal` (the server
 * itself failed) keeps the seed spec's generic words (§8.3): every refusal a user can meet is worded
 * here, never shown as the server's English sentence. A new code in the domain fails the type check
 * here until it is given its words; a test checks each key is in all four languages.
 */
export const ERROR_WORDS: Record<ErrorCode, string> = {
  bad_request: 'errors.badRequest',
  unauthorized: 'errors.signInAgain',
  session_expired: 'errors.signInAgain',
  invalid_credentials: 'errors.invalidCredentials',
  account_inactive: 'errors.notActive',
  forbidden: 'errors.forbidden',
  device_not_approved: 'errors.deviceNotApproved',
  device_blocked: 'errors.deviceBlocked',
  device_required: 'errors.deviceRequired',
  location_not_allowed: 'errors.locationNotAllowed',
  location_required: 'errors.locationRequired',
  business_offline: 'errors.offline',
  session_is_current: 'errors.sessionIsCurrent',
  cross_site_request: 'errors.forbidden',
  host_not_allowed: 'errors.hostNotAllowed',
  not_found: 'errors.notFound',
  conflict: 'errors.conflict',
  already_set_up: 'errors.alreadySetUp',
  username_taken: 'errors.usernameTaken',
  mobile_taken: 'errors.mobileTaken',
  username_is_mobile: 'errors.usernameIsMobile',
  mobile_is_username: 'errors.mobileIsUsername',
  last_admin: 'errors.lastAdmin',
  currency_in_use: 'errors.currencyInUse',
  idempotency_conflict: 'errors.idempotencyConflict',
  insufficient_stock: 'errors.insufficientStock',
  code_taken: 'errors.codeTaken',
  barcode_taken: 'errors.barcodeTaken',
  location_holds_stock: 'errors.locationHoldsStock',
  product_holds_stock: 'errors.productHoldsStock',
  product_inactive: 'errors.productInactive',
  product_in_count: 'errors.productInCount',
  location_inactive: 'errors.locationInactive',
  count_open: 'errors.countOpen',
  count_closed: 'errors.countClosed',
  sales_frozen: 'till.errors.salesFrozen',
  stock_frozen: 'errors.stockFrozen',
  credit_limit_exceeded: 'till.errors.creditLimit',
  reference_used: 'till.errors.referenceUsed',
  price_changed: 'till.errors.priceChanged',
  reversal_exceeds_sale: 'errors.reversalExceedsSale',
  already_reversed: 'errors.alreadyReversed',
  nothing_to_reverse: 'errors.nothingToReverse',
  day_closed: 'errors.dayClosed',
  already_voided: 'errors.alreadyVoided',
  draft_recorded: 'errors.draftRecorded',
  overpayment: 'errors.overpayment',
  image_storage_full: 'errors.imageStorageFull',
  discount_not_allowed: 'till.errors.discountOverLimit',
  tendered_too_low: 'till.errors.tenderedTooLow',
  no_printer: 'errors.noPrinter',
  printer_unreachable: 'errors.printerUnreachable',
  printer_out_of_paper: 'errors.printerOutOfPaper',
  printer_cover_open: 'errors.printerCoverOpen',
  printer_offline: 'errors.printerOffline',
  printer_timeout: 'errors.printerTimeout',
  printer_disconnected: 'errors.printerDisconnected',
  printing_key_unavailable: 'errors.printingKeyUnavailable',
  payload_too_large: 'errors.imageTooLarge',
  unsupported_media_type: 'errors.unsupportedFile',
  validation_failed: 'errors.validationFailed',
  amount_too_large: 'errors.amountTooLarge',
  csv_refused: 'errors.csvRefused',
  unsupported_file: 'errors.unsupportedFile',
  image_unreadable: 'errors.imageUnreadable',
  rate_limited: 'errors.rateLimited',
  link_code_invalid: 'errors.linkCodeInvalid',
  link_business_has_data: 'errors.linkBusinessHasData',
  link_username_taken: 'errors.linkUsernameTaken',
  link_mobile_taken: 'errors.linkMobileTaken',
  sync_already_linked: 'errors.syncAlreadyLinked',
  link_shop_has_business: 'errors.linkShopHasBusiness',
  sync_not_linked: 'errors.syncNotLinked',
  sync_insecure_url: 'errors.syncInsecureUrl',
  sync_unreachable: 'errors.syncUnreachable',
  sync_gap: 'errors.syncGap',
  sync_names_limited: 'errors.syncNamesLimited',
  sync_diverged: 'errors.syncDiverged',
  sync_revoked: 'errors.syncRevoked',
  sync_forbidden: 'errors.syncForbidden',
  sync_batch_invalid: 'errors.syncBatchInvalid',
  sync_schema_newer: 'errors.syncSchemaNewer',
  sync_pull_failed: 'errors.syncPullFailed',
  sync_hosted_rewound: 'errors.syncHostedRewound',
  business_synced_from_shop: 'errors.syncedFromShop',
  location_elsewhere: 'errors.locationElsewhere',
  server_busy: 'errors.serverBusy',
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
