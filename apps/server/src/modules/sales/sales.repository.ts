import type { Reversal, Sale, SaleKind, SaleLine, SalesList } from '@duka/domain';
import type { Kysely } from 'kysely';
import type { Database, SaleLineRow } from '../../db/tables.js';
import { notFound } from '../../lib/errors.js';
import { scopeIds } from '../inventory/location-scope.js';

type Q = Kysely<Database>;

/** Thousandths reversed so far per line of a sale. */
export async function reversedByLine(db: Q, saleId: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('sale_reversal_lines')
    .select(['sale_line_no', (eb) => eb.fn.sum<number>('quantity').as('q')])
    .where('sale_id', '=', saleId)
    .groupBy('sale_line_no')
    .execute();
  return new Map(rows.map((r) => [r.sale_line_no, Number(r.q)]));
}

/** A stored sale line as the API shows it, with the thousandths reversed of it so far. */
export function saleLineOf(l: SaleLineRow, reversed: number): SaleLine {
  return {
    line_no: l.line_no,
    product_id: l.product_id,
    name: l.name,
    code: l.code,
    unit: l.unit,
    quantity: Number(l.quantity),
    unit_price: Number(l.unit_price),
    tax_rate: l.tax_rate,
    gross: Number(l.gross),
    discount: Number(l.discount),
    sale_discount: Number(l.sale_discount),
    net: Number(l.net),
    tax: Number(l.tax),
    reversed,
  };
}

/** A sale with its lines, what was reversed of each, and its reversals. */
export async function loadSale(db: Q, businessId: string, id: string): Promise<Sale> {
  const s = await db
    .selectFrom('sales')
    .innerJoin('locations', 'locations.id', 'sales.location_id')
    .leftJoin('users', 'users.id', 'sales.user_id')
    .leftJoin('debtors', 'debtors.id', 'sales.debtor_id')
    .leftJoin('payment_providers', 'payment_providers.id', 'sales.provider_id')
    .selectAll('sales')
    .select([
      'locations.name as location_name',
      'users.name as user_name',
      'debtors.name as debtor_name',
      'payment_providers.name as provider_name',
    ])
    .where('sales.id', '=', id)
    .where('sales.business_id', '=', businessId)
    .executeTakeFirst();
  if (!s) throw notFound('Sale');
  const [lines, reversed, reversals] = await Promise.all([
    db.selectFrom('sale_lines').selectAll().where('sale_id', '=', id).orderBy('line_no').execute(),
    reversedByLine(db, id),
    db
      .selectFrom('sale_reversals')
      .leftJoin('users', 'users.id', 'sale_reversals.user_id')
      .select([
        'sale_reversals.id',
        'sale_reversals.receipt_no',
        'sale_reversals.total',
        'sale_reversals.reason',
        'sale_reversals.created_at',
        'users.name as user_name',
      ])
      .where('sale_id', '=', id)
      .orderBy('sale_reversals.created_at')
      .execute(),
  ]);
  return {
    id: s.id,
    receipt_no: s.receipt_no,
    kind: s.kind as SaleKind,
    location_id: s.location_id,
    location_name: s.location_name,
    user_id: s.user_id,
    user_name: s.user_name ?? '',
    device_id: s.device_id,
    business_day: s.business_day,
    gross: Number(s.gross),
    discount: Number(s.discount),
    total: Number(s.total),
    tax: Number(s.tax),
    tendered: s.tendered === null ? null : Number(s.tendered),
    change: s.change === null ? null : Number(s.change),
    debtor_id: s.debtor_id,
    debtor_name: s.debtor_name,
    debtor_balance_after: s.debtor_balance_after === null ? null : Number(s.debtor_balance_after),
    provider_id: s.provider_id,
    provider_name: s.provider_name,
    reference: s.reference,
    note: s.note,
    created_at: s.created_at,
    lines: lines.map((l) => saleLineOf(l, reversed.get(l.line_no) ?? 0)),
    reversed_total: reversals.reduce((sum, r) => sum + Number(r.total), 0),
    reversals: reversals.map((r) => ({
      id: r.id,
      receipt_no: r.receipt_no,
      total: Number(r.total),
      reason: r.reason,
      user_name: r.user_name ?? '',
      created_at: r.created_at,
    })),
  };
}

/** The id of the sale with this receipt number, or a 404. */
export async function saleIdByReceipt(db: Q, businessId: string, receiptNo: string): Promise<string> {
  const exact = await db
    .selectFrom('sales')
    .select('id')
    .where('business_id', '=', businessId)
    .where('receipt_no', '=', receiptNo)
    .executeTakeFirst();
  if (exact) return exact.id;
  // "123" finds 000123: people drop the leading zeros.
  const padded = receiptNo.padStart(6, '0');
  const row = await db
    .selectFrom('sales')
    .select('id')
    .where('business_id', '=', businessId)
    .where('receipt_no', '=', padded)
    .executeTakeFirst();
  if (!row) throw notFound(`Receipt #${receiptNo}`);
  return row.id;
}

export async function loadReversal(db: Q, businessId: string, id: string): Promise<Reversal> {
  const r = await db
    .selectFrom('sale_reversals')
    .innerJoin('sales', 'sales.id', 'sale_reversals.sale_id')
    .innerJoin('locations', 'locations.id', 'sale_reversals.location_id')
    .leftJoin('users', 'users.id', 'sale_reversals.user_id')
    .leftJoin('debtors', 'debtors.id', 'sale_reversals.debtor_id')
    .leftJoin('payment_providers', 'payment_providers.id', 'sale_reversals.provider_id')
    .selectAll('sale_reversals')
    .select([
      'sales.receipt_no as sale_receipt_no',
      'locations.name as location_name',
      'users.name as user_name',
      'debtors.name as debtor_name',
      'payment_providers.name as provider_name',
    ])
    .where('sale_reversals.id', '=', id)
    .where('sale_reversals.business_id', '=', businessId)
    .executeTakeFirst();
  if (!r) throw notFound('Reversal');
  const lines = await db
    .selectFrom('sale_reversal_lines as rl')
    .innerJoin('sale_lines as sl', (j) =>
      j.onRef('sl.sale_id', '=', 'rl.sale_id').onRef('sl.line_no', '=', 'rl.sale_line_no'),
    )
    .select([
      'rl.line_no',
      'rl.sale_line_no',
      'rl.product_id',
      'sl.name',
      'sl.unit',
      'sl.unit_price',
      'rl.quantity',
      'rl.amount',
      'rl.tax',
    ])
    .where('rl.reversal_id', '=', id)
    .orderBy('rl.line_no')
    .execute();
  return {
    id: r.id,
    receipt_no: r.receipt_no,
    sale_id: r.sale_id,
    sale_receipt_no: r.sale_receipt_no,
    kind: r.kind as SaleKind,
    location_id: r.location_id,
    location_name: r.location_name,
    reason: r.reason,
    total: Number(r.total),
    tax: Number(r.tax),
    reference: r.reference,
    provider_name: r.provider_name,
    debtor_id: r.debtor_id,
    debtor_name: r.debtor_name,
    debtor_balance_after: r.debtor_balance_after === null ? null : Number(r.debtor_balance_after),
    user_id: r.user_id,
    user_name: r.user_name ?? '',
    business_day: r.business_day,
    created_at: r.created_at,
    lines: lines.map((l) => ({
      line_no: l.line_no,
      sale_line_no: l.sale_line_no,
      product_id: l.product_id,
      name: l.name,
      unit: l.unit,
      quantity: Number(l.quantity),
      unit_price: Number(l.unit_price),
      amount: Number(l.amount),
      tax: Number(l.tax),
    })),
  };
}

const zeroKinds = () => ({
  cash: { count: 0, total: 0 },
  debtor: { count: 0, total: 0 },
  transfer: { count: 0, total: 0 },
});

/** A day's sales and reversals at a location (or everywhere), optionally one user's only. */
export async function listDay(
  db: Q,
  businessId: string,
  f: {
    day: string;
    locationId?: string | undefined;
    /** The locations the reader may see (null = all). */
    locationIds?: string[] | null;
    userId?: string | undefined;
    kind?: SaleKind | undefined;
  },
): Promise<SalesList> {
  let sales = db
    .selectFrom('sales')
    .leftJoin('users', 'users.id', 'sales.user_id')
    .leftJoin('debtors', 'debtors.id', 'sales.debtor_id')
    .select([
      'sales.id',
      'sales.receipt_no',
      'sales.kind',
      'sales.total',
      'sales.reference',
      'sales.created_at',
      'users.name as user_name',
      'debtors.name as debtor_name',
      (eb) =>
        eb
          .selectFrom('sale_lines')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('sale_lines.sale_id', '=', 'sales.id')
          .as('lines'),
    ])
    .where('sales.business_id', '=', businessId)
    .where('sales.business_day', '=', f.day);
  let revs = db
    .selectFrom('sale_reversals')
    .leftJoin('users', 'users.id', 'sale_reversals.user_id')
    .leftJoin('debtors', 'debtors.id', 'sale_reversals.debtor_id')
    .select([
      'sale_reversals.id',
      'sale_reversals.sale_id',
      'sale_reversals.receipt_no',
      'sale_reversals.kind',
      'sale_reversals.total',
      'sale_reversals.reference',
      'sale_reversals.created_at',
      'users.name as user_name',
      'debtors.name as debtor_name',
      (eb) =>
        eb
          .selectFrom('sale_reversal_lines')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('sale_reversal_lines.reversal_id', '=', 'sale_reversals.id')
          .as('lines'),
    ])
    .where('sale_reversals.business_id', '=', businessId)
    .where('sale_reversals.business_day', '=', f.day);
  if (f.locationId) {
    sales = sales.where('sales.location_id', '=', f.locationId);
    revs = revs.where('sale_reversals.location_id', '=', f.locationId);
  }
  if (f.locationIds) {
    sales = sales.where('sales.location_id', 'in', scopeIds(f.locationIds));
    revs = revs.where('sale_reversals.location_id', 'in', scopeIds(f.locationIds));
  }
  if (f.userId) {
    sales = sales.where('sales.user_id', '=', f.userId);
    revs = revs.where('sale_reversals.user_id', '=', f.userId);
  }
  if (f.kind) {
    sales = sales.where('sales.kind', '=', f.kind);
    revs = revs.where('sale_reversals.kind', '=', f.kind);
  }
  const [saleRows, revRows] = await Promise.all([sales.execute(), revs.execute()]);
  const out: SalesList = {
    day: f.day,
    location_id: f.locationId ?? null,
    items: [],
    sales: zeroKinds(),
    reversals: zeroKinds(),
    net_total: 0,
  };
  for (const s of saleRows) {
    const kind = s.kind as SaleKind;
    out.sales[kind].count += 1;
    out.sales[kind].total += Number(s.total);
    out.net_total += Number(s.total);
    out.items.push({
      id: s.id,
      type: 'sale',
      sale_id: s.id,
      receipt_no: s.receipt_no,
      kind,
      total: Number(s.total),
      lines: Number(s.lines ?? 0),
      user_name: s.user_name ?? '',
      debtor_name: s.debtor_name,
      reference: s.reference,
      created_at: s.created_at,
    });
  }
  for (const r of revRows) {
    const kind = r.kind as SaleKind;
    out.reversals[kind].count += 1;
    out.reversals[kind].total += Number(r.total);
    out.net_total -= Number(r.total);
    out.items.push({
      id: r.id,
      type: 'reversal',
      sale_id: r.sale_id,
      receipt_no: r.receipt_no,
      kind,
      total: Number(r.total),
      lines: Number(r.lines ?? 0),
      user_name: r.user_name ?? '',
      debtor_name: r.debtor_name,
      reference: r.reference,
      created_at: r.created_at,
    });
  }
  out.items.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  return out;
}
