import { sql } from 'kysely';
import type { Trx } from '../../lib/tx.js';
import { type AnyDb, chunks } from './documents.js';
import { DAILY_FIGURES, PRODUCT_FIGURES } from '../reports/summaries.js';

type Row = Record<string, unknown>;

/**
 * The report summaries of a batch's new sales and reversals (ADR 11 §5.4 step 5): the same
 * arithmetic as `addToSummaries` (reports/summaries.ts) applied to each document, but summed per
 * key in memory and upserted once per table, instead of three statements per document.
 */

type Figures<K extends string> = Record<K, number>;
type Daily = { day: string; location_id: string; user_id: string; kind: string } & Figures<
  (typeof DAILY_FIGURES)[number]
>;
type PerProduct = { location_id: string; product_id: string } & Figures<(typeof PRODUCT_FIGURES)[number]>;

/** Adds `delta` to the row at `key`, making the row (all figures 0) first when new. */
function addTo<T extends Record<string, unknown>>(
  m: Map<string, T>,
  key: string,
  make: () => T,
  delta: Partial<Record<keyof T, number>>,
): void {
  let row = m.get(key) as Row | undefined;
  if (!row) m.set(key, (row = make()));
  for (const k in delta) row[k] = (row[k] as number) + (delta[k] as number);
}

const zeros = <K extends string>(cols: readonly K[]): Figures<K> =>
  Object.fromEntries(cols.map((c) => [c, 0])) as Figures<K>;
/** Every figure at 0, made once and copied for each new row. */
const PRODUCT_ZEROS = zeros(PRODUCT_FIGURES);
const DAILY_ZEROS = zeros(DAILY_FIGURES);

interface Sums {
  daily: Map<string, Daily>;
  productDay: Map<string, PerProduct & { day: string }>;
  productMonth: Map<string, PerProduct & { month: string }>;
}

/** One document's lines added to the per-product rows of its day and month. */
function addLines(sums: Sums, head: Row, lines: Row[], sale: boolean, amount: 'net' | 'amount'): void {
  const day = String(head.business_day);
  const month = day.slice(0, 7);
  const location_id = String(head.location_id);
  for (const l of lines) {
    const product_id = String(l.product_id);
    const q = Number(l.quantity);
    const a = Number(l[amount]);
    const tax = Number(l.tax);
    const cost = Number(l.cost);
    const delta = sale
      ? { quantity: q, revenue: a, tax, cost }
      : { reversed_quantity: q, reversed_revenue: a, reversed_tax: tax, reversed_cost: cost };
    const at = `${location_id}|${product_id}`;
    addTo(sums.productDay, `${day}|${at}`, () => ({ location_id, product_id, ...PRODUCT_ZEROS, day }), delta);
    addTo(
      sums.productMonth,
      `${month}|${at}`,
      () => ({ location_id, product_id, ...PRODUCT_ZEROS, month }),
      delta,
    );
  }
}

/** One sale's or reversal's figures added to its day, location, cashier and kind. */
function addHead(sums: Sums, s: Row, sale: boolean): void {
  const row = {
    day: String(s.business_day),
    location_id: String(s.location_id),
    user_id: (s.user_id as string | null) ?? '',
    kind: String(s.kind),
  };
  const delta = sale
    ? {
        sales_count: 1,
        sales_total: Number(s.total),
        sales_tax: Number(s.tax),
        sales_cost: Number(s.cost),
        sales_discount: Number(s.discount),
      }
    : {
        reversals_count: 1,
        reversals_total: Number(s.total),
        reversals_tax: Number(s.tax),
        reversals_cost: Number(s.cost),
        reversals_discount: Number(s.discount),
      };
  addTo(
    sums.daily,
    `${row.day}|${row.location_id}|${row.user_id}|${row.kind}`,
    () => ({ ...row, ...DAILY_ZEROS }),
    delta,
  );
}

function group(rows: Row[], by: string): Map<string, Row[]> {
  const m = new Map<string, Row[]>();
  for (const r of rows) {
    const list = m.get(String(r[by]));
    if (list) list.push(r);
    else m.set(String(r[by]), [r]);
  }
  return m;
}

/** The summaries of the sales and reversals this batch wrote, from their own rows. */
export async function summariseWritten(
  trx: Trx,
  businessId: string,
  written: ReadonlyMap<string, Row[]>,
): Promise<void> {
  const sums: Sums = { daily: new Map(), productDay: new Map(), productMonth: new Map() };
  const saleLines = group(written.get('sale_lines') ?? [], 'sale_id');
  for (const s of written.get('sales') ?? []) {
    addHead(sums, s, true);
    addLines(sums, s, saleLines.get(String(s.id)) ?? [], true, 'net');
  }
  const reversalLines = group(written.get('sale_reversal_lines') ?? [], 'reversal_id');
  for (const r of written.get('sale_reversals') ?? []) {
    addHead(sums, r, false);
    addLines(sums, r, reversalLines.get(String(r.id)) ?? [], false, 'amount');
  }
  const scoped = <T>(m: Map<string, T>) => [...m.values()].map((r) => ({ business_id: businessId, ...r }));
  await upsert(
    trx,
    'sales_summary_daily',
    scoped(sums.daily),
    ['day', 'location_id', 'user_id', 'kind'],
    DAILY_FIGURES,
  );
  await upsert(
    trx,
    'product_sales_daily',
    scoped(sums.productDay),
    ['day', 'location_id', 'product_id'],
    PRODUCT_FIGURES,
  );
  await upsert(
    trx,
    'product_sales_monthly',
    scoped(sums.productMonth),
    ['month', 'location_id', 'product_id'],
    PRODUCT_FIGURES,
  );
}

type SummaryTable = 'sales_summary_daily' | 'product_sales_daily' | 'product_sales_monthly';

/** Inserts the rows, or adds their figures to the rows already there (one statement per 1,000 rows). */
async function upsert(
  trx: Trx,
  table: SummaryTable,
  rows: Row[],
  key: readonly string[],
  figures: readonly string[],
): Promise<void> {
  const k = trx as unknown as AnyDb;
  for (const slice of chunks(rows, 1000))
    await k
      .insertInto(table)
      .values(slice)
      .onConflict((oc) =>
        oc
          .columns(['business_id', ...key])
          .doUpdateSet(
            Object.fromEntries(
              figures.map((c) => [c, sql<number>`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`]),
            ),
          ),
      )
      .execute();
}
