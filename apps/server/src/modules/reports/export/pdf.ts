import { formatLocalQuantity, formatMoney, numberFormat } from '@duka/domain';
import PDFDocument from 'pdfkit';
import { type ExportColumn, type ExportDocument, type ExportTable, kindAt } from './export-tables.js';

const MARGIN = 40;
/** Room between columns. */
const GAP = 6;
/** Font sizes a table's cells may take: the largest at which every figure fits on one line. */
const SIZES = [8, 7, 6, 5] as const;
/** The least a text column is given (its words wrap); the first, a name, twice that. */
const MIN_TEXT = 60;
/** Header sizes under the smallest cell size, for a table whose header words fit at none of those. */
const SMALLER_HEADERS = [4.5, 4] as const;

/** Intl's no-break spaces (groups in pt-PT, before % in de) as plain ones: WinAnsi has no U+202F. */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** A cell in the document's language: money, quantities, percentages and counts as it writes them. */
function cellText(v: string | number | null | undefined, kind: string, doc: ExportDocument): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  const lang = doc.language;
  if (kind === 'money') return plainSpaces(formatMoney(v, doc.currency, lang));
  if (kind === 'quantity') return plainSpaces(formatLocalQuantity(v, lang));
  if (kind === 'percent')
    return plainSpaces(
      numberFormat(lang, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        v / 100,
      ),
    );
  if (kind === 'count') return plainSpaces(numberFormat(lang).format(v));
  return String(v);
}

type Pdf = PDFKit.PDFDocument;
type Labels = { page: (p: number, n: number) => string; none: string };

/** The PDF's bytes, once it ends. */
function bytesOf(pdf: Pdf): Promise<Buffer> {
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

/**
 * One row of cells at the cursor, each in its column (text left and wrapping, figures right and
 * never wrapping: the columns are as wide as their widest figure; a header's labels all wrap, each
 * aligned as its column's cells); the cursor then stands at the foot of the tallest cell. Answers
 * that foot.
 */
function cellsRow(
  pdf: Pdf,
  t: ExportTable,
  widths: number[],
  text: (c: ExportColumn) => string,
  heading = false,
): number {
  const y = pdf.y;
  let x = MARGIN;
  let low = y;
  t.columns.forEach((c, i) => {
    const figure = c.kind !== 'text';
    const wraps = heading || !figure;
    pdf.text(text(c), x, y, {
      width: widths[i]! - GAP,
      align: figure ? 'right' : 'left',
      lineBreak: wraps,
    });
    low = Math.max(low, wraps ? pdf.y : y + pdf.currentLineHeight(true));
    x += widths[i]!;
  });
  return low;
}

const total = (list: number[]) => list.reduce((s, n) => s + n, 0);

/** The words a header wraps between, each with the spaces after it: pdfkit's line breaker measures them so. */
const headerWords = (label: string): string[] => label.match(/[^ \t\r\n]+[ \t\r\n]*/g) ?? [];

/**
 * The room a column's header needs not to break a word: its widest word in the bold the header is
 * drawn in at `size` (pdfkit splits a word wider than its line letter by letter), and the gap.
 */
function headerRoom(pdf: Pdf, label: string, size: number): number {
  pdf.font('Helvetica-Bold').fontSize(size);
  return Math.max(0, ...headerWords(label).map((w) => pdf.widthOfString(w))) + GAP + 2;
}

/**
 * `left` shared by weight among the columns that have one, none under its least (those that would
 * be fixed at it, the others share the rest); null when the leasts alone do not fit.
 */
function shareOut(left: number, weights: number[], least: number[]): number[] | null {
  if (total(least) > left) return null;
  const fixed = weights.map((w) => w === 0);
  let rest = left;
  for (;;) {
    const free = weights.flatMap((w, i) => (fixed[i] ? [] : [i]));
    const share = rest / free.reduce((s, i) => s + weights[i]!, 0);
    const under = free.filter((i) => weights[i]! * share < least[i]!);
    if (under.length === 0) return weights.map((w, i) => (w === 0 ? 0 : fixed[i] ? least[i]! : w * share));
    for (const i of under) {
      fixed[i] = true;
      rest -= least[i]!;
    }
  }
}

export interface ColumnLayout {
  widths: number[];
  /** The cells' font size. */
  size: number;
  /** The header's (bold) font size: the cells' unless no layout fits the header's words at it. */
  header: number;
}

/**
 * The columns' widths and the font sizes. Each figure column is as wide as its widest cell (rows
 * and totals, in bold for the totals) and as the widest word of its header (so a header wraps
 * between its words only, never inside one); the text columns share the rest by weight, the first
 * one (a name) twice the others, each at least as wide as its header's widest word too. The first
 * of these that fits wins:
 * - the largest cell size at which every text column keeps `MIN_TEXT` (the first twice that);
 * - the smallest cell size, the text columns down to their header's widest word (their cells wrap
 *   more);
 * - the smallest cell size under a smaller header;
 * - else every column as that needs, all narrowed alike to the page (words break then).
 */
export function layoutColumns(pdf: Pdf, t: ExportTable, cells: string[][], width: number): ColumnLayout {
  const weights = t.columns.map((c, i) => (c.kind !== 'text' ? 0 : i === 0 ? 2 : 1));
  const texts = weights.filter((w) => w > 0).length;
  const figures = (size: number) =>
    t.columns.map((c, i) => {
      if (c.kind === 'text') return 0;
      pdf.font('Helvetica').fontSize(size);
      const widest = Math.max(0, ...cells.map((r) => pdf.widthOfString(r[i]!)));
      pdf.font('Helvetica-Bold');
      return Math.max(widest, pdf.widthOfString(t.totals ? (cells.at(-1)?.[i] ?? '') : '')) + GAP + 2;
    });
  /** The layout at these sizes, the text columns each at least `minText` times its weight; or null. */
  const fit = (size: number, header: number, minText: number): ColumnLayout | null => {
    const rooms = t.columns.map((c) => headerRoom(pdf, c.label, header));
    const figure = figures(size).map((w, i) => (weights[i] ? 0 : Math.max(w, rooms[i]!)));
    const left = width - total(figure);
    if (texts === 0)
      // No text column: the figures share what is left.
      return left >= 0 ? { widths: figure.map((w) => w + left / figure.length), size, header } : null;
    const least = weights.map((w, i) => (w ? Math.max(w * minText, rooms[i]!) : 0));
    const text = shareOut(left, weights, least);
    return text && { widths: figure.map((w, i) => (weights[i] ? text[i]! : w)), size, header };
  };
  for (const size of SIZES) {
    const layout = fit(size, size, MIN_TEXT);
    if (layout) return layout;
  }
  const smallest = SIZES.at(-1)!;
  for (const header of [smallest, ...SMALLER_HEADERS]) {
    const layout = fit(smallest, header, 0);
    if (layout) return layout;
  }
  // Past any page: every column its room (figures, header's widest word) at the smallest sizes,
  // all narrowed alike to the page; words break, as little in one column as in another.
  const header = SMALLER_HEADERS.at(-1)!;
  const rooms = t.columns.map((c) => headerRoom(pdf, c.label, header));
  const need = figures(smallest).map((w, i) => Math.max(w, rooms[i]!));
  return { widths: need.map((w) => (w * width) / total(need)), size: smallest, header };
}

/** A table: its title, its header (again on every page it runs over), its rows or a word that it has none. */
function drawTable(pdf: Pdf, doc: ExportDocument, t: ExportTable, width: number, labels: Labels): void {
  const all = t.totals ? [...t.rows, t.totals] : t.rows;
  const cells = all.map((r, i) => t.columns.map((c) => cellText(r[c.key], kindAt(t, i, c), doc)));
  const { widths, size, header: headerSize } = layoutColumns(pdf, t, cells, width);
  const bottom = () => pdf.page.height - MARGIN - 30;
  const header = () => {
    pdf.font('Helvetica-Bold').fontSize(headerSize);
    const low = cellsRow(pdf, t, widths, (c) => c.label, true);
    pdf
      .moveTo(MARGIN, low + 2)
      .lineTo(MARGIN + width, low + 2)
      .stroke('#999');
    pdf.y = low + 5;
    pdf.font('Helvetica');
  };
  if (pdf.y > bottom() - 60) pdf.addPage();
  pdf.font('Helvetica-Bold').fontSize(12).text(t.title, MARGIN, pdf.y).moveDown(0.3);
  header();
  if (t.rows.length === 0) pdf.fontSize(9).text(labels.none, MARGIN, pdf.y);
  cells.forEach((row, n) => {
    if (pdf.y > bottom()) {
      pdf.addPage();
      header();
    }
    const total = t.totals !== undefined && n === cells.length - 1;
    if (total) {
      pdf
        .moveTo(MARGIN, pdf.y)
        .lineTo(MARGIN + width, pdf.y)
        .stroke('#999');
      pdf.y += 3;
    }
    pdf.font(total ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    const at = new Map(t.columns.map((c, i) => [c.key, row[i]!]));
    pdf.y = cellsRow(pdf, t, widths, (c) => at.get(c.key)!) + 2;
  });
  pdf.font('Helvetica');
  pdf.moveDown();
}

/** "Page 1 of 3" at the foot of every page, once all are laid out. */
function pageNumbers(pdf: Pdf, width: number, labels: Labels): void {
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    pdf.page.margins.bottom = 0;
    pdf
      .fontSize(8)
      .fillColor('#777')
      .text(labels.page(i + 1, range.count), MARGIN, pdf.page.height - 25, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
}

/**
 * The report as a landscape A4 PDF: title, business, range, location and time on top; each table
 * with its header repeated on every page it runs over; page numbers at the foot.
 */
export function toPdf(doc: ExportDocument, labels: Labels): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${doc.title} — ${doc.business}`, Author: doc.business, Creator: 'Duka' },
  });
  const done = bytesOf(pdf);
  const width = pdf.page.width - 2 * MARGIN;
  pdf.font('Helvetica-Bold').fontSize(16).text(doc.title);
  pdf.font('Helvetica').fontSize(10).fillColor('#444');
  pdf.text(doc.business).text(`${doc.range} · ${doc.location}`).text(doc.made);
  pdf.fillColor('#000').moveDown();
  for (const t of doc.tables) drawTable(pdf, doc, t, width, labels);
  pageNumbers(pdf, width, labels);
  pdf.end();
  return done;
}
