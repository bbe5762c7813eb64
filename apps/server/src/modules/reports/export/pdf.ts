import { formatMoney, formatQuantity } from '@duka/domain';
import PDFDocument from 'pdfkit';
import type { ExportColumn, ExportDocument, ExportTable } from './export-tables.js';

const MARGIN = 40;

function cellText(v: string | number | null | undefined, kind: string, doc: ExportDocument): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (kind === 'money') return formatMoney(v, doc.currency, doc.language).replace(/\u00a0/g, ' ');
  if (kind === 'quantity') return formatQuantity(v);
  if (kind === 'percent') return `${v.toFixed(2)} %`;
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
 * One row of cells at the cursor, each in its column (text left, figures right); the cursor then
 * stands at the foot of the tallest cell. Answers that foot.
 */
function cellsRow(pdf: Pdf, t: ExportTable, widths: number[], text: (c: ExportColumn) => string): number {
  const y = pdf.y;
  let x = MARGIN;
  let low = y;
  t.columns.forEach((c, i) => {
    pdf.text(text(c), x, y, { width: widths[i]! - 6, align: c.kind === 'text' ? 'left' : 'right' });
    low = Math.max(low, pdf.y);
    x += widths[i]!;
  });
  return low;
}

/** A table: its title, its header (again on every page it runs over), its rows or a word that it has none. */
function drawTable(pdf: Pdf, doc: ExportDocument, t: ExportTable, width: number, labels: Labels): void {
  const n = t.columns.length;
  const first = Math.min(width * 0.3, Math.max(width / n, 120));
  const rest = (width - first) / Math.max(1, n - 1);
  const widths = t.columns.map((_, i) => (i === 0 ? first : rest));
  const bottom = () => pdf.page.height - MARGIN - 30;
  const header = () => {
    pdf.font('Helvetica-Bold').fontSize(8);
    const low = cellsRow(pdf, t, widths, (c) => c.label);
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
  for (const r of t.rows) {
    if (pdf.y > bottom()) {
      pdf.addPage();
      header();
    }
    pdf.fontSize(8);
    pdf.y = cellsRow(pdf, t, widths, (c) => cellText(r[c.key], c.kind, doc)) + 2;
  }
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
