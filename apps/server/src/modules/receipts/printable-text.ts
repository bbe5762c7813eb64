import { transform } from 'receiptline';

/**
 * Text the receipt printer can print. receiptline's `multilingual` encoding switches the printer
 * between its code pages, and a character none of them has comes out as "?". Such characters are
 * written the nearest way the printer can: without their accents (ğ → g, ệ → e), or by a
 * spelling (ı → i, đ → d); a Greek word in Latin letters (`latinGreekWord`); a symbol with no
 * spelling (an emoji) is left out. Chinese, Japanese, Arabic and Hebrew still print as "?" (no
 * code page, and no spelling letter by letter). The screen's SVG keeps the original text.
 */
export function printableText(text: string): string {
  let out = '';
  for (const ch of text.replace(WORD, latinGreekWord)) out += ch < '\x80' || canPrint(ch) ? ch : spelled(ch);
  return out;
}

const WORD = /[\p{L}\p{M}]+/gu;
const GREEK = /\p{Script=Greek}/u;

/** Greek letters in Latin ones (ELOT 743, letter by letter; ου as ou), accents dropped. */
const GREEK_LATIN: Readonly<Record<string, string>> = Object.fromEntries(
  [...'αβγδεζηθικλμνξοπρσςτυφχψω'].map((g, i) => [
    g,
    [
      'a',
      'v',
      'g',
      'd',
      'e',
      'z',
      'i',
      'th',
      'i',
      'k',
      'l',
      'm',
      'n',
      'x',
      'o',
      'p',
      'r',
      's',
      's',
      't',
      'y',
      'f',
      'ch',
      'ps',
      'o',
    ][i]!,
  ]),
);

/**
 * A word with Greek letters the printer lacks, in Latin letters: its code pages hold a few Greek
 * letters (Γ, Σ, α, π…), so "Γειά σου" came out as a mix of Greek and "?". A word it can print
 * whole is left as it is.
 */
function latinGreekWord(word: string): string {
  if (!GREEK.test(word) || [...word].every((c) => c < '\x80' || canPrint(c))) return word;
  const bare = word.normalize('NFD').replace(/\p{M}/gu, '');
  let out = '';
  const chars = [...bare];
  chars.forEach((c, i) => {
    const lower = c.toLowerCase();
    const next = chars[i + 1]?.toLowerCase();
    if (lower === 'υ' && chars[i - 1]?.toLowerCase() === 'ο') return; // ου → ou (the o is written)
    let latin = GREEK_LATIN[lower];
    if (latin === undefined) {
      out += c;
      return;
    }
    if (lower === 'ο' && next === 'υ') latin = 'ou';
    const upper = c !== lower;
    out += !upper
      ? latin
      : chars[i + 1] !== undefined && chars[i + 1] !== next
        ? latin.toUpperCase()
        : latin[0]!.toUpperCase() + latin.slice(1);
  });
  return out;
}

/** Letters Unicode does not decompose, and punctuation, spelled in characters every printer has. */
const SPELLED: Readonly<Record<string, string>> = {
  ı: 'i',
  İ: 'I',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ß: 'ss',
  þ: 'th',
  Þ: 'Th',
  ð: 'd',
  Ð: 'D',
  ŋ: 'ng',
  Ŋ: 'NG',
  ĸ: 'k',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '•': '*',
  '€': 'EUR',
  '₦': 'NGN',
  '₵': 'GHS',
};

function spelled(ch: string): string {
  const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
  if (bare !== ch && bare !== '' && [...bare].every((c) => c < '\x80' || canPrint(c))) return bare;
  const known = SPELLED[ch];
  if (known !== undefined) return [...known].every((c) => c < '\x80' || canPrint(c)) ? known : '';
  return /\p{L}|\p{N}/u.test(ch) ? '?' : '';
}

const printable = new Map<string, boolean>();
const QUESTION = 0x3f;

/** Whether receiptline puts this character in one of the printer's code pages (asked once each). */
function canPrint(ch: string): boolean {
  let known = printable.get(ch);
  if (known === undefined) {
    const bytes = (s: string) =>
      Buffer.from(transform(`${s}\n`, { cpl: 48, encoding: 'multilingual', command: 'escpos' }), 'binary');
    const marks = (b: Buffer) => b.reduce((n, x) => n + (x === QUESTION ? 1 : 0), 0);
    known = marks(bytes(`A${ch}`)) === marks(bytes('A'));
    printable.set(ch, known);
  }
  return known;
}
