/**
 * Receipt rows that break only between words. receiptline splits a row's width evenly between its
 * columns and cuts text wherever a column ends, in the middle of a word ("Premium basm|ati"); so
 * the rows are measured here: a value keeps its own width, the text beside it wraps at spaces in
 * what is left, and only a word longer than a whole line is cut.
 */

/** One cell: its text as the user wrote it, and how it is printed. */
export interface Cell {
  text: string;
  /** Bold (receiptline `"`) or double width (`^`, twice as wide). */
  style?: 'bold' | 'wide';
  /** Starts two spaces in (a line's quantity under its name). */
  indent?: boolean;
}

/**
 * Escapes user text for receiptline, whose markup gives `\ | { } - = ~ _ " ` ^` a meaning.
 * Normalised first, as receiptline does before it parses: otherwise a character that NFC turns
 * into markup (U+1FEF becomes a backtick) would slip past the escaping.
 */
export function escapeText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[\\|{}\-=~_"`^]/g, (c) => `\\${c}`)
    .trim();
}

/** Characters of a text as the printer counts them (one per code point). */
const chars = (text: string) => [...text.normalize('NFC')];

/**
 * Breaks text into lines of at most `width` characters at spaces; a word longer than a line is
 * the only thing cut. Unescaped.
 */
export function wrapWords(text: string, width: number): string[] {
  const w = Math.max(1, width);
  // A no-break space (a figure's groups in en-ZA, pt-MZ: "12 345,00") never breaks: the price read "12"
  const words = text
    .normalize('NFC')
    .replace(/[^\S\u00a0\u202f]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const lines: string[] = [];
  let line: string[] = [];
  for (const word of words) {
    let rest = chars(word);
    if (line.length > 0 && line.length + 1 + rest.length <= w) {
      line.push(' ', ...rest);
      continue;
    }
    if (line.length > 0) lines.push(line.join(''));
    while (rest.length > w) {
      lines.push(rest.slice(0, w).join(''));
      rest = rest.slice(w);
    }
    line = rest;
  }
  if (line.length > 0) lines.push(line.join(''));
  // printed as the ordinary space they always were
  return lines.map((l) => l.replace(/[\u00a0\u202f]/g, ' '));
}

/** Breaks text into lines of at most `width` characters at spaces, each escaped. */
export function wrapText(text: string, width: number): string[] {
  return wrapWords(text, width).map(escapeText);
}

const scale = (c: Cell) => (c.style === 'wide' ? 2 : 1);
const indentOf = (c: Cell) => (c.indent ? 2 : 0);
/** The printed width of a cell's text on one line. */
export const cellWidth = (c: Cell) => chars(c.text.trim()).length * scale(c) + indentOf(c);

/** A cell's text wrapped to `width` printed characters, as markup lines. */
export function cellLines(c: Cell, width: number): string[] {
  const mark = c.style === 'bold' ? '"' : c.style === 'wide' ? '^' : '';
  const pieces = wrapWords(c.text, Math.floor((width - indentOf(c)) / scale(c)));
  if (pieces.length === 0) return [''];
  return pieces.map((p) => `${c.indent ? '~~' : ''}${mark}${escapeText(p)}${mark}`);
}

/** Whether a label and its value of these printed widths share one line of `cpl` characters. */
function oneLine(lw: number, rw: number, cpl: number): boolean {
  const leftHalf = Math.floor((cpl - 1) / 2);
  if (lw === 0 || rw === 0) return lw <= leftHalf && rw <= cpl - 1 - leftHalf;
  return lw + 1 + rw <= cpl;
}

/** Double width is bold at single width. */
const unwide = (c: Cell): Cell => (c.style === 'wide' ? { ...c, style: 'bold' } : c);

/**
 * A label and its value (either side may be long) as markup rows for `cpl` characters: on one row
 * when they fit; else the longer side wraps at words beside the shorter one; else one above the
 * other, the value aligned right. Double width only when the row fits on one line so; else both
 * sides are bold at single width: wrapped at double width, words and figures were cut
 * ("Gutgeschriebe / n", "KES 1,499,990.4 / 0").
 */
export function rowMarkup(left: Cell, right: Cell, cpl: number): string[] {
  if ((left.style === 'wide' || right.style === 'wide') && !oneLine(cellWidth(left), cellWidth(right), cpl))
    return rowMarkup(unwide(left), unwide(right), cpl);
  const lw = cellWidth(left);
  const rw = cellWidth(right);
  const leftHalf = Math.floor((cpl - 1) / 2);
  // receiptline's own even split fits both
  if (lw <= leftHalf && rw <= cpl - 1 - leftHalf)
    return [`${cellLines(left, cpl)[0]} | ${cellLines(right, cpl)[0]}`];
  if (rw <= leftHalf && rw > 0) {
    const lines = cellLines(left, cpl - rw - 1);
    const rows = lines.map((l, i) => (i === 0 ? `${l} | ${cellLines(right, rw)[0]}` : `${l} |`));
    return [`{width:*,${rw}}`, ...rows, '{width:auto}'];
  }
  if (lw <= leftHalf && lw > 0) {
    const lines = cellLines(right, cpl - lw - 1);
    const rows = lines.map((r, i) => (i === 0 ? `${cellLines(left, lw)[0]} | ${r}` : `~ | ${r}`));
    return [`{width:${lw},*}`, ...rows, '{width:auto}'];
  }
  return [...cellLines(left, cpl).map((l) => `|${l}`), ...cellLines(right, cpl).map((r) => `${r}|`)];
}
