import { formatLocalQuantity, formatMoney, numberFormat } from '@duka/domain';
import PDFDocument from 'pdfkit';
import { type ExportColumn, type ExportDocument, type ExportTable, kindAt } from './export-tables.js';

const MARGIN = 40;
/** Room between columns. */
const GAP = 6;
/** Font sizes a table's cells may take: the largest at which every figure fits on one line. */
const SIZES = [8, 7, 6, 5] as const;
/** The least a text column is given (its words wrap). */
const MIN_TEXT = 60;

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
 * never wrapping: the columns are as wide as their widest figure); the cursor then stands at the
 * foot of the tallest cell. Answers that foot.
 */
function cellsRow(pdf: Pdf, t: ExportTable, widths: number[], text: (c: ExportColumn) => string): number {
  const y = pdf.y;
  let x = MARGIN;
  let low = y;
  t.columns.forEach((c, i) => {
    const figure = c.kind !== 'text';
    pdf.text(text(c), x, y, {
      width: widths[i]! - GAP,
      align: figure ? 'right' : 'left',
      lineBreak: !figure,
    });
    low = Math.max(low, figure ? y + pdf.currentLineHeight(true) : pdf.y);
    x += widths[i]!;
  });
  return low;
}

/**
 * The columns' widths and the font size: each figure column as wide as its widest cell (rows and
 * totals, in bold for the totals), the text columns sharing the rest, the first one most. The
 * largest size at which the text columns keep some room wins.
 */
export function layoutColumns(
  pdf: Pdf,
  t: ExportTable,
  cells: string[][],
  width: number,
): { widths: number[]; size: number } {
  const texts = t.columns.filter((c) => c.kind === 'text').length;
  let best: { widths: number[]; size: number } | null = null;
  for (const size of SIZES) {
    const figure = t.columns.map((c, i) => {
      if (c.kind === 'text') return 0;
      pdf.font('Helvetica').fontSize(size);
      const widest = Math.max(0, ...cells.map((r) => pdf.widthOfString(r[i]!)));
      pdf.font('Helvetica-Bold');
      return Math.max(widest, pdf.widthOfString(t.totals ? (cells.at(-1)?.[i] ?? '') : '')) + GAP + 2;
    });
    const left = width - figure.reduce((s, w) => s + w, 0);
    // The first column (a name) takes a double share of what the text columns get.
    const share = texts > 0 ? left / (texts + 1) : 0;
    const widths = t.columns.map((c, i) => (c.kind !== 'text' ? figure[i]! : i === 0 ? 2 * share : share));
    if (texts > 0 && share >= MIN_TEXT) return { widths, size };
    if (texts === 0 && left >= 0) {
      // No text column: the figures share what is left.
      return { widths: widths.map((w) => w + left / widths.length), size };
    }
    best = { widths, size };
  }
  return best!;
}

/** A table: its title, its header (again on every page it runs over), its rows or a word that it has none. */
function drawTable(pdf: Pdf, doc: ExportDocument, t: ExportTable, width: number, labels: Labels): void {
  const all = t.totals ? [...t.rows, t.totals] : t.rows;
  const cells = all.map((r, i) => t.columns.map((c) => cellText(r[c.key], kindAt(t, i, c), doc)));
  const { widths, size } = layoutColumns(pdf, t, cells, width);
  const bottom = () => pdf.page.height - MARGIN - 30;
  const header = () => {
    pdf.font('Helvetica-Bold').fontSize(size);
    const low = cellsRow(
      pdf,
      { ...t, columns: t.columns.map((c) => ({ ...c, kind: 'text' })) },
      widths,
      (c) => c.label,
    );
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
