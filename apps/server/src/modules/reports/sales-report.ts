import { type SaleKind, type SalesReport, compareIds, compareText, divRound } from '@duka/domain';
import { type Kysely, sql } from 'kysely';
import { type QueryShape, compiledQuery } from '../../db/compiled-query.js';
import { dialectOf, ofBusiness } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { requireOwnId } from '../../lib/scope.js';
import { scopeIds } from '../inventory/location-scope.js';
import { netOf } from './net.js';
import { type SummaryPart, checkRange, productSummaryParts } from './ranges.js';
import { DAILY_FIGURES, PRODUCT_FIGURES } from './summaries.js';

type Q = Kysely<Database>;
/** A report's range of business days and the locations it covers. */
export interface Filter {
  from: string;
  to: string;
  location_id?: string | undefined;
  /** The locations the reader may see (null or absent = all). */
  location_ids?: string[] | null | undefined;
}

/** A column the daily sales summary can be added up by. */
export type SummaryDimension = 'day' | 'user_id' | 'location_id' | 'kind';

/** The summary's figures added up for one value (`key`) of one dimension (`by`). */
export type SummarySum = { by: SummaryDimension; key: string } & Record<
  (typeof DAILY_FIGURES)[number],
  number
>;

/** A summary read's values: its business, its range, and the locations when it is limited to some. */
export interface RangeArgs {
  businessId: string;
  from: string;
  to: string;
  locationId?: string;
  locationIds?: string[];
}

/** The values of a read of `f`: the location filters present only when `f` has them (a shape each). */
export function rangeArgs(businessId: string, from: string, to: string, f: Filter): RangeArgs {
  const a: RangeArgs = { businessId, from, to };
  if (f.location_id) a.locationId = f.location_id;
  if (f.location_ids) a.locationIds = scopeIds(f.location_ids);
  return a;
}

export type SummaryRow = { by: SummaryDimension; key: string } & Record<
  (typeof DAILY_FIGURES)[number],
  number | null
>;

/** The sums' query for these dimensions (see `summarySums`). */
export function summaryQuery(db: Q, dims: readonly SummaryDimension[], a: RangeArgs) {
  const sums = DAILY_FIGURES.map((c) => sql<number>`sum(${sql.ref(c)})`.as(c));
  const filtered = () => {
    let q = db
      .selectFrom('sales_summary_daily')
      .where('business_id', '=', a.businessId)
      .where('day', '>=', a.from)
      .where('day', '<=', a.to);
    if (a.locationId !== undefined) q = q.where('location_id', '=', a.locationId);
    if (a.locationIds !== undefined) q = q.where('location_id', 'in', a.locationIds);
    return q;
  };
  if (dims.length > 1 && dialectOf(db) === 'postgres') {
    // PostgreSQL adds bigints up as numeric (slow): one scan for every dimension at once, where
    // one scan per dimension took four times as long. SQLite has no grouping sets and adds
    // integers fast, so it scans once per dimension.
    const which = sql<SummaryDimension>`case ${sql.join(
      dims.map((d) => sql`when grouping(${sql.ref(d)}) = 0 then ${sql.lit(d)}`),
      sql` `,
    )} end`;
    return filtered()
      .select([
        which.as('by'),
        sql<string>`coalesce(${sql.join(dims.map((d) => sql.ref(d)))})`.as('key'),
        ...sums,
      ])
      .groupBy(sql`grouping sets (${sql.join(dims.map((d) => sql`(${sql.ref(d)})`))})`);
  }
  const by = (dim: SummaryDimension) =>
    filtered()
      .select([
        sql<SummaryDimension>`${sql.lit(dim)}`.as('by'),
        sql<string>`${sql.ref(dim)}`.as('key'),
        ...sums,
      ])
      .groupBy(dim);
  let q = by(dims[0]!);
  for (const dim of dims.slice(1)) q = q.unionAll(by(dim));
  return q;
}

/**
 * Each report's reads are query shapes (`compiledQuery`), one per set of dimensions or summary
 * table: built once, and on PostgreSQL prepared by name, not planned again at every call (issue 21).
 */
const summaryShapes = new Map<string, QueryShape<RangeArgs, SummaryRow>>();
function summaryShape(dims: readonly SummaryDimension[]) {
  const key = dims.join();
  let shape = summaryShapes.get(key);
  if (!shape)
    summaryShapes.set(key, (shape = compiledQuery((db, a: RangeArgs) => summaryQuery(db, dims, a) as never)));
  return shape;
}

/**
 * The daily summary of a range added up in the database, by each of the dimensions asked for
 * (one `group by` each, in one statement): a year is some 5,000 summary rows, and reading them
 * into objects to add them up here cost most of the sales report's time.
 */
export async function summarySums(
  db: Q,
  businessId: string,
  f: Filter,
  dims: readonly SummaryDimension[],
): Promise<SummarySum[]> {
  if (dims.length === 0) return [];
  return summarySumsOf(await summaryShape(dims).all(db, rangeArgs(businessId, f.from, f.to, f)));
}

/** The sums as `summaryQuery` answers them (in a row, or as JSON), each figure a number. */
export function summarySumsOf(rows: readonly SummaryRow[]): SummarySum[] {
  return rows.map((r) => {
    const out = { by: r.by, key: r.key } as SummarySum;
    for (const c of DAILY_FIGURES) out[c] = Number(r[c] ?? 0);
    return out;
  });
}

/** Each product's figures summed over a range of one product summary table (`productFigures`). */
export function productQuery(db: Q, monthly: boolean, a: RangeArgs) {
  const sums = PRODUCT_FIGURES.map((c) => sql<number>`sum(${sql.ref(c)})`.as(c));
  let q = db
    .selectFrom(monthly ? 'product_sales_monthly' : 'product_sales_daily')
    .select(['product_id', ...sums])
    .where('business_id', '=', a.businessId)
    .where(monthly ? 'month' : 'day', '>=', a.from)
    .where(monthly ? 'month' : 'day', '<=', a.to);
  if (a.locationId !== undefined) q = q.where('location_id', '=', a.locationId);
  if (a.locationIds !== undefined) q = q.where('location_id', 'in', a.locationIds);
  return q.groupBy('product_id');
}
const productShapes = {
  month: compiledQuery((db, a: RangeArgs) => productQuery(db, true, a)),
  day: compiledQuery((db, a: RangeArgs) => productQuery(db, false, a)),
};

export interface ProductFigures {
  quantity: number;
  revenue: number;
  tax: number;
  cost: number;
  reversed_quantity: number;
  reversed_revenue: number;
  reversed_tax: number;
  reversed_cost: number;
}

/**
 * Each product's figures over a range: whole months from the monthly summary, the rest by day
 * (or as a month less its days outside the range: `productSummaryParts`).
 */
export async function productFigures(
  db: Q,
  businessId: string,
  f: Filter,
): Promise<Map<string, ProductFigures>> {
  const parts = productParts(businessId, f);
  const results = await Promise.all(parts.map((p) => productShapes[p.table].all(db, p.args)));
  return addProductParts(parts, results);
}

/** The summary tables' ranges `productFigures` adds up (and takes away), each with its read's values. */
export function productParts(businessId: string, f: Filter) {
  return productSummaryParts(f.from, f.to).map((part) => ({
    ...part,
    args: rangeArgs(businessId, part.from, part.to, f),
  }));
}

/** The products' figures of each part (`productQuery`'s rows, or their JSON), added up by sign. */
export function addProductParts(
  parts: readonly Pick<SummaryPart, 'sign'>[],
  results: readonly (readonly unknown[])[],
): Map<string, ProductFigures> {
  const out = new Map<string, ProductFigures>();
  for (const [i, rows] of results.entries()) {
    const sign = parts[i]!.sign;
    for (const r of rows as ({ product_id: string } & Record<
      keyof ProductFigures,
      number | string | null
    >)[]) {
      const p = out.get(r.product_id) ?? {
        quantity: 0,
        revenue: 0,
        tax: 0,
        cost: 0,
        reversed_quantity: 0,
        reversed_revenue: 0,
        reversed_tax: 0,
        reversed_cost: 0,
      };
      for (const k of Object.keys(p) as (keyof ProductFigures)[]) p[k] += sign * Number(r[k] ?? 0);
      out.set(r.product_id, p);
    }
  }
  // A product sold only on the days taken away is left with nothing: it did not sell in the range.
  for (const [id, p] of out) if (Object.values(p).every((v) => v === 0)) out.delete(id);
  return out;
}

const zero = () => ({ sales_count: 0, sales_total: 0, reversals_count: 0, reversals_total: 0, net: 0 });
type Net = ReturnType<typeof zero>;

/** The summary's sums: the totals, and the same figures by day, cashier, location and kind. */
function netsOf(rows: SummarySum[]) {
  const totals = { ...zero(), tax: 0, discount: 0, average_sale: 0 };
  const nets: Record<SummaryDimension, Map<string, Net>> = {
    day: new Map(),
    user_id: new Map(),
    location_id: new Map(),
    kind: new Map(),
  };
  for (const r of rows) {
    nets[r.by].set(r.key, {
      sales_count: r.sales_count,
      sales_total: r.sales_total,
      reversals_count: r.reversals_count,
      reversals_total: r.reversals_total,
      net: r.sales_total - r.reversals_total,
    });
    // Every summary row has one kind: the kinds' sums are the totals.
    if (r.by !== 'kind') continue;
    totals.sales_count += r.sales_count;
    totals.sales_total += r.sales_total;
    totals.reversals_count += r.reversals_count;
    totals.reversals_total += r.reversals_total;
    const net = netOf(r);
    totals.tax += net.tax;
    totals.discount += net.discount;
  }
  totals.net = totals.sales_total - totals.reversals_total;
  totals.average_sale = totals.sales_count > 0 ? divRound(totals.net, totals.sales_count) : 0;
  return { totals, byDay: nets.day, byUser: nets.user_id, byLocation: nets.location_id, byKind: nets.kind };
}

/**
 * `column in (the ids)`, the ids one parameter (a JSON array): one statement text, prepared once on
 * PostgreSQL, however many ids a report names.
 */
function inJsonIds(db: Q, column: string, ids: string) {
  return dialectOf(db) === 'postgres'
    ? sql<boolean>`${sql.ref(column)} in (select json_array_elements_text(cast(${ids} as json)))`
    : sql<boolean>`${sql.ref(column)} in (select value from json_each(${ids}))`;
}

/** The locations' names, and the names of the products and cashiers (JSON arrays of ids). */
const namesRead = compiledQuery((db, a: { businessId: string; products: string; users: string }) => {
  const none = sql<string | null>`cast(null as text)`;
  return db
    .selectFrom('locations')
    .select([sql.lit('l').as('kind'), 'id', 'name', none.as('code'), none.as('category'), none.as('unit')])
    .where('business_id', '=', a.businessId)
    .unionAll(
      db
        .selectFrom('products')
        .select([sql.lit('p').as('kind'), 'id', 'name', 'code', 'category', 'unit'])
        .where(ofBusiness(db, 'business_id', a.businessId))
        .where(inJsonIds(db, 'id', a.products)),
    )
    .unionAll(
      db
        .selectFrom('users')
        .select([
          sql.lit('u').as('kind'),
          'id',
          'name',
          none.as('code'),
          none.as('category'),
          none.as('unit'),
        ])
        .where(ofBusiness(db, 'business_id', a.businessId))
        .where(inJsonIds(db, 'id', a.users)),
    );
});

/**
 * The names behind the ids: the products sold, the cashiers, the business's locations, in one
 * statement (a round trip each on PostgreSQL, issue 21): one row per name, `kind` saying whose.
 */
async function namesFor(db: Q, businessId: string, productIds: string[], userIds: string[]) {
  const rows = await namesRead.all(db, {
    businessId,
    products: JSON.stringify(productIds),
    users: JSON.stringify(userIds.filter(Boolean)),
  });
  const names = (kind: string) => new Map(rows.filter((r) => r.kind === kind).map((x) => [x.id, x.name]));
  return {
    productInfo: new Map(
      rows
        .filter((r) => r.kind === 'p')
        .map((r) => [
          r.id,
          { name: r.name, code: r.code ?? '', category: r.category ?? '', unit: r.unit ?? 'each' },
        ]),
    ),
    users: names('u'),
    locations: names('l'),
  };
}

/** Each product's figures with its name, code and category, the best net first. */
function productRows(
  products: Map<string, ProductFigures>,
  productInfo: Awaited<ReturnType<typeof namesFor>>['productInfo'],
) {
  return [...products.keys()]
    .map((id) => {
      const p = products.get(id)!;
      const i = productInfo.get(id);
      return {
        product_id: id,
        name: i?.name ?? '',
        code: i?.code ?? '',
        category: i?.category ?? '',
        unit: i?.unit ?? 'each',
        quantity: p.quantity,
        revenue: p.revenue,
        reversed_quantity: p.reversed_quantity,
        reversed_revenue: p.reversed_revenue,
        net_quantity: p.quantity - p.reversed_quantity,
        net: p.revenue - p.reversed_revenue,
      };
    })
    .sort((a, b) => b.net - a.net || compareText(a.name, b.name) || compareIds(a.product_id, b.product_id));
}

/** The products' revenue added up by category, the best net first. */
function categoryRows(byProduct: ReturnType<typeof productRows>) {
  const categories = new Map<string, { revenue: number; reversed_revenue: number }>();
  for (const p of byProduct) {
    const c = categories.get(p.category) ?? { revenue: 0, reversed_revenue: 0 };
    c.revenue += p.revenue;
    c.reversed_revenue += p.reversed_revenue;
    categories.set(p.category, c);
  }
  return [...categories]
    .map(([category, c]) => ({ category, ...c, net: c.revenue - c.reversed_revenue }))
    .sort((a, b) => b.net - a.net || compareText(a.category, b.category));
}

/**
 * The sales report over business days `from`…`to`: totals, and the same figures by day, product,
 * category, cashier, location and kind of sale; reversals on their own and netted.
 */
export async function salesReport(db: Q, businessId: string, f: Filter): Promise<SalesReport> {
  checkRange(f.from, f.to);
  if (f.location_id) await requireOwnId(db, 'locations', f.location_id, businessId, 'Location');
  const [rows, products] = await Promise.all([
    summarySums(db, businessId, f, ['day', 'user_id', 'location_id', 'kind']),
    productFigures(db, businessId, f),
  ]);
  const { totals, byDay, byUser, byLocation, byKind } = netsOf(rows);
  const names = await namesFor(db, businessId, [...products.keys()], [...byUser.keys()]);
  const byProduct = productRows(products, names.productInfo);
  return {
    from: f.from,
    to: f.to,
    location_id: f.location_id ?? null,
    totals,
    by_day: [...byDay].map(([day, x]) => ({ day, ...x })).sort((a, b) => (a.day < b.day ? -1 : 1)),
    by_product: byProduct,
    by_category: categoryRows(byProduct),
    by_cashier: [...byUser]
      .map(([user_id, x]) => ({ user_id, name: names.users.get(user_id) ?? '', ...x }))
      .sort((a, b) => b.net - a.net || compareText(a.name, b.name) || compareIds(a.user_id, b.user_id)),
    by_location: [...byLocation]
      .map(([location_id, x]) => ({ location_id, name: names.locations.get(location_id) ?? '', ...x }))
      .sort(
        (a, b) => b.net - a.net || compareText(a.name, b.name) || compareIds(a.location_id, b.location_id),
      ),
    by_kind: [...byKind]
      .map(([kind, x]) => ({ kind: kind as SaleKind, ...x }))
      .sort((a, b) => b.net - a.net || compareIds(a.kind, b.kind)),
  };
}
