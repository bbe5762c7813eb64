import {
  type DayClose,
  type DebtorPayment,
  type Language,
  lineAmount,
  type ReceiptDocument,
  type ReceiptLine,
  type ReceiptType,
  type Reversal,
  type Sale,
  isLanguage,
  paymentDetailsSchema,
  receiptNoCandidates,
  saleTaxByRate,
  taxByRate,
} from '@duka/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { ContextBusiness } from '../../lib/context.js';
import { ofBusiness } from '../../db/dialect.js';
import { documentT } from '../../lib/documents-i18n.js';
import { notFound } from '../../lib/errors.js';
import { loadDayClose } from '../daily/daily.service.js';
import { loadPayment } from '../debtors/payments.service.js';
import { loadReversal, loadSale } from '../sales/sales.repository.js';

type Q = Kysely<Database>;

/** Which document a receipt number names (sales, reversals, payments and closes share one series). */
export async function findReceipt(
  db: Q,
  businessId: string,
  receiptNo: string,
): Promise<{ type: ReceiptType; id: string; location_id: string; receipt_no: string }> {
  const candidates = receiptNoCandidates(receiptNo);
  const tables = [
    ['sale', 'sales'],
    ['reversal', 'sale_reversals'],
    ['payment', 'debtor_payments'],
    ['close', 'day_closes'],
  ] as const;
  for (const [type, table] of tables) {
    const row = await db
      .selectFrom(table)
      .select(['id', 'location_id', 'receipt_no'])
      .where('business_id', '=', businessId)
      .where('receipt_no', 'in', candidates)
      .executeTakeFirst();
    if (row) return { type, id: row.id, location_id: row.location_id, receipt_no: row.receipt_no };
  }
  throw notFound(`Receipt #${receiptNo}`);
}

/** The payment details of the profile as printable lines, worded in the receipt's language. */
function detailLines(json: string, language: Language): string[] {
  let raw: unknown = {};
  try {
    raw = JSON.parse(json);
  } catch {
    raw = {};
  }
  const d = paymentDetailsSchema.parse(raw);
  const t = documentT(language);
  const out: string[] = [];
  if (d.mpesa_paybill)
    out.push(
      d.mpesa_account
        ? t('receipt.mpesaPaybillAccount', { paybill: d.mpesa_paybill, account: d.mpesa_account })
        : t('receipt.mpesaPaybill', { paybill: d.mpesa_paybill }),
    );
  if (d.mpesa_till) out.push(t('receipt.mpesaTill', { till: d.mpesa_till }));
  if (d.bank_name || d.bank_account) out.push([d.bank_name, d.bank_account].filter(Boolean).join(' '));
  if (d.other) out.push(d.other);
  return out;
}

function base(b: ContextBusiness, language?: string) {
  const lang: Language =
    language && isLanguage(language) ? language : isLanguage(b.language) ? b.language : 'en';
  return {
    language: lang,
    currency: b.currency,
    time_zone: b.timezone,
    business: {
      name: b.name,
      address: b.address,
      phone: b.phone,
      tax_number: b.tax_number,
      tax_name: b.tax_name,
      header: b.receipt_header,
      footer: b.receipt_footer,
      payment_details: detailLines(b.payment_details, lang),
    },
  };
}

const NONE: Omit<
  ReceiptDocument,
  | 'type'
  | 'id'
  | 'receipt_no'
  | 'language'
  | 'currency'
  | 'time_zone'
  | 'time'
  | 'business'
  | 'location'
  | 'cashier'
  | 'kind'
> = {
  lines: [],
  gross: 0,
  discount: 0,
  tax: 0,
  tax_rates: [],
  total: 0,
  tendered: null,
  change: null,
  debtor: null,
  balance_after: null,
  provider: null,
  reference: null,
  sale_receipt_no: null,
  reason: null,
  close: null,
};

/** What a receipt shows of its document beside the business and the blanks in `NONE`. */
type Shown = Pick<ReceiptDocument, 'receipt_no' | 'time' | 'location' | 'cashier' | 'kind'> &
  Partial<typeof NONE>;

/**
 * Number, time, place and who served (every document has them under the same names), and the
 * kind: of sale, or how a payment was made.
 */
function made(
  d: { receipt_no: string; created_at: string; location_name: string; user_name: string },
  kind: string | null,
) {
  return {
    receipt_no: d.receipt_no,
    time: d.created_at,
    location: d.location_name,
    cashier: d.user_name,
    kind,
  };
}

/** A line as the receipt shows it: what it costs the customer, and the money off it shown under it. */
function lineShown(
  l: { name: string; quantity: number; unit: string; unit_price: number },
  amount: number,
  discount: number,
): ReceiptLine {
  return { name: l.name, quantity: l.quantity, unit: l.unit, unit_price: l.unit_price, amount, discount };
}

/** The debtor and their balance after it, or the transfer's provider and reference. */
function partyShown(d: {
  debtor_name: string | null;
  debtor_balance_after: number | null;
  provider_name: string | null;
  reference: string | null;
}) {
  return {
    debtor: d.debtor_name,
    balance_after: d.debtor_balance_after,
    provider: d.provider_name,
    reference: d.reference,
  };
}

function saleShown(s: Sale): Shown {
  const lineDiscounts = s.lines.reduce((sum, l) => sum + l.discount, 0);
  return {
    ...made(s, s.kind),
    // A line's own discount shows on its line; only the sale's own discount shows in the totals,
    // under the subtotal of the lines after theirs (so no discount is shown twice).
    lines: s.lines.map((l) => lineShown(l, l.gross - l.discount, l.discount)),
    gross: s.gross - lineDiscounts,
    discount: s.discount - lineDiscounts,
    tax: s.tax,
    tax_rates: saleTaxByRate(s),
    total: s.total,
    tendered: s.tendered,
    change: s.change,
    ...partyShown(s),
  };
}

/** The tax rate of each line of a sale, by line number (a reversal's lines go back at them). */
async function saleLineRates(db: Q, businessId: string, saleId: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('sale_lines')
    .select(['line_no', 'tax_rate'])
    .where(ofBusiness(db, 'business_id', businessId))
    .where('sale_id', '=', saleId)
    .execute();
  return new Map(rows.map((l) => [l.line_no, l.tax_rate]));
}

function reversalShown(r: Reversal, rates: Map<number, number>): Shown {
  return {
    ...made(r, r.kind),
    // each line at its price with what its discounts took off (its own and its share of the
    // sale's), as the sale's receipt showed it: "1 x 180.00  170.00" read as a wrong sum
    lines: r.lines.map((l) =>
      lineShown(l, l.amount, Math.max(0, lineAmount(l.quantity, l.unit_price) - l.amount)),
    ),
    gross: r.total,
    tax: r.tax,
    // the tax going back by the rate each line was sold at
    tax_rates: taxByRate(
      r.lines.map((l) => ({ tax_rate: rates.get(l.sale_line_no) ?? 0, amount: l.amount, tax: l.tax })),
    ),
    total: r.total,
    ...partyShown(r),
    sale_receipt_no: r.sale_receipt_no,
    reason: r.reason,
  };
}

/**
 * A debtor's payment as received; a credit paid out or a payment's void (ADR 9: payment rows whose
 * amount is negative) says which it is, the amount handed out or voided (above zero), the reason
 * and, a void, the number of the payment it voids.
 */
function paymentShown(p: DebtorPayment, voidsReceiptNo: string | undefined): Shown {
  const shown: Shown = {
    ...made(p, p.method),
    total: p.amount,
    ...partyShown({ ...p, debtor_balance_after: p.balance_after }),
  };
  const kind = p.voids_id !== null ? 'void' : p.amount < 0 ? 'payout' : null;
  if (!kind) return shown;
  return {
    ...shown,
    payment_kind: kind,
    total: -p.amount,
    reason: p.note.trim() || null,
    ...(voidsReceiptNo ? { voids_receipt_no: voidsReceiptNo } : {}),
  };
}

/** The receipt number of the payment a void undoes. */
async function voidedReceiptNo(db: Q, businessId: string, paymentId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('debtor_payments')
    .select('receipt_no')
    .where('business_id', '=', businessId)
    .where('id', '=', paymentId)
    .executeTakeFirst();
  return row?.receipt_no;
}

function closeShown(c: DayClose): Shown {
  return {
    ...made(c, null),
    close: { day: c.day, expected: c.expected_cash, counted: c.counted_cash, difference: c.difference },
  };
}

/** The receipt document of a sale, reversal, debtor payment or day close, in the business's language. */
export async function receiptDocument(
  db: Q,
  business: ContextBusiness,
  type: ReceiptType,
  id: string,
  language?: string,
): Promise<ReceiptDocument> {
  const common = { ...base(business, language), ...NONE, type, id };
  if (type === 'sale') return { ...common, ...saleShown(await loadSale(db, business.id, id)) };
  if (type === 'reversal') {
    const r = await loadReversal(db, business.id, id);
    return { ...common, ...reversalShown(r, await saleLineRates(db, business.id, r.sale_id)) };
  }
  if (type === 'payment') {
    const p = await loadPayment(db, business.id, id);
    const voids = p.voids_id === null ? undefined : await voidedReceiptNo(db, business.id, p.voids_id);
    return { ...common, ...paymentShown(p, voids) };
  }
  return { ...common, ...closeShown(await loadDayClose(db, business.id, id)) };
}
