/** Stable error codes of the API; each maps to one HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  session_expired: 401,
  invalid_credentials: 401,
  account_inactive: 402,
  forbidden: 403,
  device_not_approved: 403,
  device_blocked: 403,
  device_required: 403,
  location_not_allowed: 403,
  business_offline: 403,
  /** A state-changing request whose Origin or Sec-Fetch-Site says another site sent it (CSRF). */
  cross_site_request: 403,
  not_found: 404,
  conflict: 409,
  already_set_up: 409,
  username_taken: 409,
  mobile_taken: 409,
  /** Usernames and mobile numbers are one namespace: sign-in takes either. */
  username_is_mobile: 409,
  mobile_is_username: 409,
  last_admin: 409,
  idempotency_conflict: 409,
  insufficient_stock: 409,
  code_taken: 409,
  barcode_taken: 409,
  location_holds_stock: 409,
  count_open: 409,
  sales_frozen: 409,
  credit_limit_exceeded: 409,
  reference_used: 409,
  price_changed: 409,
  reversal_exceeds_sale: 409,
  already_reversed: 409,
  day_closed: 409,
  already_voided: 409,
  overpayment: 409,
  image_storage_full: 409,
  discount_not_allowed: 422,
  tendered_too_low: 422,
  no_printer: 409,
  printer_unreachable: 502,
  printing_key_unavailable: 503,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  unsupported_file: 422,
  image_unreadable: 422,
  rate_limited: 429,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}
