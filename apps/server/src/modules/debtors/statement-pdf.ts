import { dateTimeFormat, formatMoney, paymentHow, type Statement } from '@duka/domain';
import PDFDocument from 'pdfkit';
import type { TFunction } from 'i18next';
import { documentT } from '../../lib/documents-i18n.js';

export interface StatementContext {
  businessName: string;
  businessAddress: string;
  businessPhone: string;
  currency: string;
  timeZone: string;
  language: string;
  now: Date;
}

const COLS = [
  { key: 'date', width: 95, align: 'left' },
  { key: 'receipt', width: 70, align: 'left' },
  { key: 'entry', width: 140, align: 'left' },
  { key: 'amount', width: 100, align: 'right' },
  { key: 'balance', width: 110, align: 'right' },
] as const;

/** How the statement writes its words, amounts, times and days. */
export interface Formats {
  t: TFunction;
  money: (m: number) => string;
  /** A running, opening or closing balance ("In credit …" below zero). */
  balance: (m: number) => string;
  dateFmt: Intl.DateTimeFormat;
  day: (d: string) => string;
}

export function formatsOf(ctx: StatementContext): Formats {
  const dayFmt = dateTimeFormat(ctx.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const t = documentT(ctx.language);
  const money = (m: number) => formatMoney(m, ctx.currency, ctx.language);
  return {
    t,
    money,
    // a balance below zero is what the shop owes the debtor: worded as the web's statement has it
    balance: (m: number) => (m < 0 ? t('statement.inCredit', { amount: money(-m) }) : money(m)),
    dateFmt: dateTimeFormat(ctx.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: ctx.timeZone,
    }),
    day: (d: string) => dayFmt.format(new Date(`${d}T00:00:00Z`)),
  };
}

/** The business, the title and the facts of the debtor and the period. */
function writeHeading(doc: PDFKit.PDFDocument, st: Statement, ctx: StatementContext, f: Formats): void {
  const { t, money, day } = f;
  doc.font('Helvetica-Bold').fontSize(16).text(ctx.businessName);
  doc.font('Helvetica').fontSize(9).fillColor('#555');
  for (const l of [ctx.businessAddress, ctx.businessPhone]) if (l) doc.text(l);
  doc.moveDown();
  doc.fillColor('#000').font('Helvetica-Bold').fontSize(14).text(t('statement.title'));
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    [t('statement.debtor'), st.debtor.name],
    [t('statement.phone'), st.debtor.phone],
    [t('statement.idNumber'), st.debtor.id_number],
    [t('statement.period'), `${day(st.from)} – ${day(st.to)}`],
    [t('statement.creditLimit'), money(st.debtor.credit_limit)],
    [t('statement.opening'), f.balance(st.opening_balance)],
  ];
  for (const [k, v] of facts) if (v) doc.text(`${k}: ${v}`);
  doc.moveDown();
}

/** The entries' table, its header again on every new page, then the closing balance. */
function writeEntries(doc: PDFKit.PDFDocument, st: Statement, f: Formats): void {
  const { t, money, dateFmt } = f;
  const left = doc.page.margins.left;
  const header = () => {
    let x = left;
    doc.font('Helvetica-Bold').fontSize(9);
    const y = doc.y;
    for (const c of COLS) {
      doc.text(t(`statement.${c.key}`), x, y, { width: c.width, align: c.align });
      x += c.width;
    }
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + 515, doc.y + 2)
      .stroke('#999');
    doc.moveDown(0.4).font('Helvetica');
  };
  header();
  if (st.entries.length === 0) doc.text(t('statement.none'), left);
  for (const e of st.entries) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    const cells = [
      dateFmt.format(new Date(e.created_at)),
      `#${e.receipt_no}`,
      [
        t(`statement.kind.${e.kind}`),
        e.voids_receipt_no ? t('statement.voidsReceipt', { receipt_no: e.voids_receipt_no }) : '',
        paymentHow(e, (m) => t(`receipt.method.${m}`)),
        e.note,
        e.voided ? t('statement.voided', { reason: e.voided.reason }) : '',
      ]
        .filter(Boolean)
        .join(' — '),
      money(e.amount),
      f.balance(e.balance),
    ];
    let x = left;
    let bottom = y;
    COLS.forEach((c, i) => {
      doc.text(cells[i] ?? '', x, y, { width: c.width - 4, align: c.align });
      bottom = Math.max(bottom, doc.y);
      x += c.width;
    });
    doc.y = bottom + 3;
  }
  doc.moveDown();
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`${t('statement.closing')}: ${f.balance(st.closing_balance)}`, left, doc.y, {
      width: 515,
      align: 'right',
    });
}

/** When it was made and "page n of m", at the foot of every page. */
function writeFooters(doc: PDFKit.PDFDocument, now: Date, f: Formats): void {
  const { t, dateFmt } = f;
  const left = doc.page.margins.left;
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Writing inside the bottom margin would start a new page; the footer belongs there.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#777')
      .text(
        `${t('document.generated', { time: dateFmt.format(now) })} · ${t('document.page', { page: i + 1, pages: range.count })}`,
        left,
        doc.page.height - 40,
        { width: 515, align: 'center', lineBreak: false },
      );
  }
}

/** A debtor's statement as an A4 PDF, in the business's language and currency. */
export function statementPdf(st: Statement, ctx: StatementContext): Promise<Buffer> {
  const f = formatsOf(ctx);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    info: { Title: `${f.t('statement.title')} — ${st.debtor.name}`, Author: ctx.businessName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  writeHeading(doc, st, ctx, f);
  writeEntries(doc, st, f);
  writeFooters(doc, ctx.now, f);
  doc.end();
  return done;
}
