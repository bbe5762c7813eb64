import { type ErrorCode, isErrorCode } from '@duka/domain';

/** The seed spec's words for any other failure (§8.3). */
export const GENERIC_ERROR = 'errors.generic';

/**
 * The key of the words of each error code of the API (the domain's `ERROR_CODES`) in the user's
 * language, filled with the code's params (`ErrorParamsByCode`): `errors.<code in camelCase>`,
 * except the codes below. Only `internal` (the server itself failed) keeps the seed spec's generic
 * words (§8.3): every refusal a user can meet is worded, never shown as the server's English
 * sentence. A new code in the domain fails `error-words.test.ts` until its words are in all four
 * languages. (A rule rather than a table of every code: the table was 0.5 KB of the sign-in
 * page's 120 KB budget.)
 */
const OTHER_WORDS: Partial<Record<ErrorCode, string>> = {
  unauthorized: 'errors.signInAgain',
  session_expired: 'errors.signInAgain',
  account_inactive: 'errors.notActive',
  business_offline: 'errors.offline',
  cross_site_request: 'errors.forbidden',
  sales_frozen: 'till.errors.salesFrozen',
  credit_limit_exceeded: 'till.errors.creditLimit',
  reference_used: 'till.errors.referenceUsed',
  price_changed: 'till.errors.priceChanged',
  discount_not_allowed: 'till.errors.discountOverLimit',
  tendered_too_low: 'till.errors.tenderedTooLow',
  payload_too_large: 'errors.imageTooLarge',
  unsupported_media_type: 'errors.unsupportedFile',
  business_synced_from_shop: 'errors.syncedFromShop',
  internal: GENERIC_ERROR,
};

/** The key of the words of an error code. */
export function errorWordsOf(code: ErrorCode): string {
  return OTHER_WORDS[code] ?? `errors.${code.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}`;
}

/** The key of the app's own words for a code, when it has some (not the generic words). */
export function ownWordsOf(code: string): string | null {
  if (!isErrorCode(code)) return null;
  const key = errorWordsOf(code);
  return key === GENERIC_ERROR ? null : key;
}

/** What a screen words itself for a refusal: by code, or by `code:field` to tell fields apart. */
export type KnownRefusals = Partial<Record<ErrorCode | `${ErrorCode}:${string}`, string>>;
