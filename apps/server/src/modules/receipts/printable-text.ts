import { transform } from 'receiptline';

/**
 * Text the receipt printer can print. receiptline's `multilingual` encoding switches the printer
 * between its code pages, and a character none of them has comes out as "?". Such characters are
 * written the nearest way the printer can: without their accents (ğ → g, ệ → e), or by a
 * spelling (ı → i, đ → d); a symbol with no spelling (an emoji) is left out. The screen's SVG
 * keeps the original text.
 */
export function printableText(text: string): string {
  let out = '';
  for (const ch of text) out += ch < '\x80' || canPrint(ch) ? ch : spelled(ch);
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
