import { compareIds, receiptNoCandidates } from '@duka/domain';
import type { Reversal, Sale, SaleKind, SaleLine, SalesList } from '@duka/domain';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SaleLineRow, SaleRow } from '../../db/tables.js';
import { notFound } from '../../lib/errors.js';
import { ofBusiness } from '../../db/dialect.js';
import { scopeIds } from '../inventory/location-scope.js';

type Q = Kysely<Database>;
/** The two documents of the till: a sale and a reversal of one. */
type Doc = 'sales' | 'sale_reversals';
type ReversalRow = Selectable<Database['sale_reversals']>;
/** The names a sale or reversal shows beside its ids. */
interface Names {
  location_name: string;
  user_name: string | null;
  debtor_name: string | null;
  provider_name: string | null;
}

/**
 * One sale or reversal of the business with the names it shows: its location, who made it, the
 * debtor and the provider. Kysely types a query over either table with the columns both have;
 * the callers name the table, so they read the row as that table's.
 */
function withNames(db: Q, table: Doc, businessId: string, id: string) {
  return (
    db
      .selectFrom(table)
      // joined on the business too, as their foreign keys are: one shard on Citus (docs/scale.md)
      .innerJoin('locations', (j) =>
        j
          .onRef('locations.id', '=', `${table}.location_id`)
          .onRef('locations.business_id', '=', `${table}.business_id`),
      )
      .leftJoin('users', (j) =>
        j.onRef('users.id', '=', `${table}.user_id`).onRef('users.business_id', '=', `${table}.business_id`),
      )
      .leftJoin('debtors', (j) =>
        j
          .onRef('debtors.id', '=', `${table}.debtor_id`)
          .onRef('debtors.business_id', '=', `${table}.business_id`),
      )
      .leftJoin('payment_providers', (j) =>
        j
          .onRef('payment_providers.id', '=', `${table}.provider_id`)
          .onRef('payment_providers.business_id', '=', `${table}.business_id`),
      )
      .selectAll(table)
      .select([
        'locations.name as location_name',
        'users.name as user_name',
        'debtors.name as debtor_name',
        'payment_providers.name as provider_name',
      ])
      .where(`${table}.id`, '=', id)
      .where(`${table}.business_id`, '=', businessId)
  );
}

/** Thousandths reversed so far per line of a sale. */
export async function reversedByLine(
  db: Q,
  businessId: string,
  saleId: string,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('sale_reversal_lines')
    .select(['sale_line_no', (eb) => eb.fn.sum<number>('quantity').as('q')])
    .where(ofBusiness(db, 'business_id', businessId))
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
  const s = (await withNames(db, 'sales', businessId, id).executeTakeFirst()) as
    (SaleRow & Names) | undefined;
  if (!s) throw notFound('Sale');
  const [lines, reversed, reversals] = await Promise.all([
    db
      .selectFrom('sale_lines')
      .selectAll()
      .where(ofBusiness(db, 'business_id', businessId))
      .where('sale_id', '=', id)
      .orderBy('line_no')
      .execute(),
    reversedByLine(db, businessId, id),
    db
      .selectFrom('sale_reversals')
      .leftJoin('users', (j) =>
        j
          .onRef('users.id', '=', 'sale_reversals.user_id')
          .onRef('users.business_id', '=', 'sale_reversals.business_id'),
      )
      .select([
        'sale_reversals.id',
        'sale_reversals.receipt_no',
        'sale_reversals.total',
        'sale_reversals.reason',
        'sale_reversals.created_at',
        'users.name as user_name',
      ])
      .where(ofBusiness(db, 'sale_reversals.business_id', businessId))
      .where('sale_id', '=', id)
      .orderBy('sale_reversals.created_at')
      .orderBy('sale_reversals.id')
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
  // "123" finds 000123: people drop the leading zeros; the exact number wins.
  const rows = await db
    .selectFrom('sales')
    .select(['id', 'receipt_no'])
    .where('business_id', '=', businessId)
    .where('receipt_no', 'in', receiptNoCandidates(receiptNo))
    .execute();
  const row = rows.find((r) => r.receipt_no === receiptNo) ?? rows[0];
  if (!row) throw notFound(`Receipt #${receiptNo}`);
  return row.id;
}

export async function loadReversal(db: Q, businessId: string, id: string): Promise<Reversal> {
  const r = (await withNames(db, 'sale_reversals', businessId, id)
    .innerJoin('sales', (j) =>
      j
        .onRef('sales.id', '=', 'sale_reversals.sale_id')
        .onRef('sales.business_id', '=', 'sale_reversals.business_id'),
    )
    .select('sales.receipt_no as sale_receipt_no')
    .executeTakeFirst()) as (ReversalRow & Names & { sale_receipt_no: string }) | undefined;
  if (!r) throw notFound('Reversal');
  const lines = await db
    .selectFrom('sale_reversal_lines as rl')
    .innerJoin('sale_lines as sl', (j) =>
      j
        .onRef('sl.business_id', '=', 'rl.business_id')
        .onRef('sl.sale_id', '=', 'rl.sale_id')
        .onRef('sl.line_no', '=', 'rl.sale_line_no'),
    )
    .select([
      'rl.line_no',
      'rl.sale_line_no',
      'rl.product_id',
      'sl.name',
      'sl.unit',
      'sl.unit_price',
      'sl.tax_rate',
      'rl.quantity',
      'rl.amount',
      'rl.tax',
    ])
    .where(ofBusiness(db, 'rl.business_id', businessId))
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
      tax_rate: Number(l.tax_rate),
    })),
  };
}

const zeroKinds = () => ({
  cash: { count: 0, total: 0 },
  debtor: { count: 0, total: 0 },
  transfer: { count: 0, total: 0 },
});

/** Which of a day's sales and reversals to list. */
interface DayFilter {
  day: string;
  locationId?: string | undefined;
  /** The locations the reader may see (null = all). */
  locationIds?: string[] | null;
  userId?: string | undefined;
  kind?: SaleKind | undefined;
}

/** The day's sales or reversals of the business as the list shows them, filtered. */
function dayRows(db: Q, table: Doc, businessId: string, f: DayFilter) {
  let q = db
    .selectFrom(table)
    .leftJoin('users', (j) =>
      j.onRef('users.id', '=', `${table}.user_id`).onRef('users.business_id', '=', `${table}.business_id`),
    )
    .leftJoin('debtors', (j) =>
      j
        .onRef('debtors.id', '=', `${table}.debtor_id`)
        .onRef('debtors.business_id', '=', `${table}.business_id`),
    )
    .select([
      `${table}.id`,
      `${table}.receipt_no`,
      `${table}.kind`,
      `${table}.total`,
      `${table}.reference`,
      `${table}.created_at`,
      'users.name as user_name',
      'debtors.name as debtor_name',
    ])
    .where(`${table}.business_id`, '=', businessId)
    .where(`${table}.business_day`, '=', f.day);
  if (f.locationId) q = q.where(`${table}.location_id`, '=', f.locationId);
  if (f.locationIds) q = q.where(`${table}.location_id`, 'in', scopeIds(f.locationIds));
  if (f.userId) q = q.where(`${table}.user_id`, '=', f.userId);
  if (f.kind) q = q.where(`${table}.kind`, '=', f.kind);
  return q;
}
type DayRow = Awaited<ReturnType<ReturnType<typeof dayRows>['execute']>>[number] & {
  lines: number | null;
};

/** A day's sales and reversals at a location (or everywhere), optionally one user's only. */
export async function listDay(db: Q, businessId: string, f: DayFilter): Promise<SalesList> {
  const [saleRows, revRows] = await Promise.all([
    dayRows(db, 'sales', businessId, f)
      .select((eb) =>
        eb
          .selectFrom('sale_lines')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('sale_lines.sale_id', '=', 'sales.id')
          .as('lines'),
      )
      .execute(),
    dayRows(db, 'sale_reversals', businessId, f)
      .select([
        'sale_reversals.sale_id',
        (eb) =>
          eb
            .selectFrom('sale_reversal_lines')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('sale_reversal_lines.reversal_id', '=', 'sale_reversals.id')
            .as('lines'),
      ])
      .execute(),
  ]);
  const out: SalesList = {
    day: f.day,
    location_id: f.locationId ?? null,
    items: [],
    sales: zeroKinds(),
    reversals: zeroKinds(),
    net_total: 0,
  };
  const add = (type: 'sale' | 'reversal', r: DayRow, saleId: string) => {
    const kind = r.kind as SaleKind;
    const byKind = type === 'sale' ? out.sales : out.reversals;
    byKind[kind].count += 1;
    byKind[kind].total += Number(r.total);
    if (type === 'sale') out.net_total += Number(r.total);
    else out.net_total -= Number(r.total);
    out.items.push({
      id: r.id,
      type,
      sale_id: saleId,
      receipt_no: r.receipt_no,
      kind,
      total: Number(r.total),
      lines: Number(r.lines ?? 0),
      user_name: r.user_name ?? '',
      debtor_name: r.debtor_name,
      reference: r.reference,
      created_at: r.created_at,
    });
  };
  for (const s of saleRows) add('sale', s, s.id);
  for (const r of revRows) add('reversal', r, r.sale_id);
  // The newest first; the id breaks a tie of two records made in the same millisecond.
  out.items.sort((a, b) => compareIds(b.created_at, a.created_at) || compareIds(b.id, a.id));
  return out;
}
