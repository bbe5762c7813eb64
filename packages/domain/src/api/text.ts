import { z } from 'zod';

/**
 * Characters no text field takes: C0 controls (NUL, bell, escape…), DEL and C1 controls, the
 * bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069: they can make a
 * name read differently on a receipt than it is stored), the line and paragraph separators
 * (U+2028, U+2029) and halves of surrogate pairs (not text: PostgreSQL cannot store them).
 * Multi-line fields allow the line feed and the tab of that set, and nothing else.
 */
const OTHER = String.raw`\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029`;
const LONE_SURROGATE = String.raw`[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]`;
const allowedOnly = (controls: string) =>
  new RegExp(String.raw`^(?![^]*(?:${LONE_SURROGATE}))[^${controls}${OTHER}]*$`);
/** Refuses every C0 control, tab and line feed included. */
const SINGLE_LINE = allowedOnly(String.raw`\u0000-\u001f`);
/** Keeps the tab (U+0009) and the line feed (U+000A). */
const MULTI_LINE = allowedOnly(String.raw`\u0000-\u0008\u000b-\u001f`);

export const UNSAFE_TEXT_MESSAGE =
  'Control characters, tabs, line breaks and direction overrides are not allowed';
export const UNSAFE_MULTILINE_MESSAGE = 'Control characters and direction overrides are not allowed';

/** True when `text` has none of the characters a single-line field refuses. */
export function isSafeText(text: string): boolean {
  return SINGLE_LINE.test(text);
}

/** True when `text` has none of the characters a multi-line field refuses (it may hold \n and \t). */
export function isSafeMultiline(text: string): boolean {
  return MULTI_LINE.test(text);
}

/**
 * Every single-line text a request carries (names, codes, notes on one line, search words):
 * NFC-normalised, trimmed, and refused (422) when it holds a control character, a tab, a line
 * break or a direction override. Chain `.min()`, `.max()`, `.regex()` as on any string.
 */
export function safeText() {
  return z.string().normalize('NFC').trim().regex(SINGLE_LINE, UNSAFE_TEXT_MESSAGE);
}

/**
 * Text that may span lines (an address, a receipt header or footer): as `safeText()`, but line
 * feeds and tabs are kept; a Windows line end (CR LF) becomes a line feed first.
 */
export function safeMultiline() {
  return z
    .string()
    .normalize('NFC')
    .overwrite((s) => s.replace(/\r\n/g, '\n'))
    .trim()
    .regex(MULTI_LINE, UNSAFE_MULTILINE_MESSAGE);
}
