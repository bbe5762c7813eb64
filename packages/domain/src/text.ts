/**
 * Counts only letters and digits, ignoring spaces, punctuation and symbols (seed spec §5).
 * Letters and digits of every script count, so "Café 12" counts 6.
 */
export function countAlphanumeric(text: string): number {
  const matches = text.match(/[\p{L}\p{N}]/gu);
  return matches ? matches.length : 0;
}

/** The sidebar shows at most this many characters of the shop name (seed spec §2, §9). */
export const SHOP_NAME_DISPLAY_LIMIT = 13;

/** The shop name as the sidebar shows it: its first 13 characters (by code point). */
export function truncateShopName(name: string): string {
  return Array.from(name).slice(0, SHOP_NAME_DISPLAY_LIMIT).join('');
}
