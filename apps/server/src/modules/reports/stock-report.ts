import {
  type MovementKind,
  type StockReport,
  compareLowStock,
  compareIds,
  compareText,
  dayRange,
  isInStock,
  isLowStock,
  lineAmount,
} from '@duka/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/tables.js';
import { requireOwnId } from '../../lib/scope.js';
import { scopeIds } from '../inventory/location-scope.js';
import { checkRange } from './ranges.js';
import type { Filter } from './sales-report.js';
import { canRunLow, unstockedLevels } from '../catalog/reorder-products.js';

type Q = Kysely<Database>;

/** What the on-hand rows say of their product. */
const PRODUCT_COLUMNS = [
  'p.id as product_id',
  'p.name',
  'p.code',
  'p.category',
  'p.unit',
  'p.price',
  'p.avg_cost',
] as const;

/**
 * Each product's level at each location the filter keeps. At one location, also the 0 held there
 * by each product that can run low and has no level row there (`unstockedLevels`): a product never
 * received there is on hand 0 and low there. Over several locations a product is listed where it
 * has levels (never received anywhere: in the low stock alone, at 0). One statement; sorted here.
 */
function levelRows(db: Q, businessId: string, f: Filter) {
  let levels = db
    .selectFrom('stock_levels as l')
    .innerJoin('products as p', (j) =>
      j.onRef('p.id', '=', 'l.product_id').onRef('p.business_id', '=', 'l.business_id'),
    )
    .innerJoin('locations as loc', (j) =>
      j.onRef('loc.id', '=', 'l.location_id').onRef('loc.business_id', '=', 'l.business_id'),
    )
    .select([...PRODUCT_COLUMNS, 'l.location_id', 'loc.name as location_name', 'l.quantity'])
    .where('l.business_id', '=', businessId)
    .where('p.deleted_at', 'is', null);
  if (f.location_ids) levels = levels.where('l.location_id', 'in', scopeIds(f.location_ids));
  if (!f.location_id) return levels.execute();
  const unstocked = unstockedLevels(db, businessId, f.location_id).select([
    ...PRODUCT_COLUMNS,
    'loc.id as location_id',
    'loc.name as location_name',
    sql<number>`0`.as('quantity'),
  ]);
  return levels.where('l.location_id', '=', f.location_id).unionAll(unstocked).execute();
}

/** On-hand rows by product name, then location name, then ids: one order on both databases. */
const byProductThenLocation = (
  a: { name: string; location_name: string; product_id: string; location_id: string },
  b: typeof a,
) =>
  compareText(a.name, b.name) ||
  compareText(a.location_name, b.location_name) ||
  compareIds(a.product_id, b.product_id) ||
  compareIds(a.location_id, b.location_id);

/**
 * The range's movements by kind: how many, the quantity, and the value at their unit costs, each
 * movement rounded half away from zero as its line was (`lineAmount`), then added: a sale's goods
 * leave stock at the cost the profit report counts (three lines of 14.985 are 44.97, not 44.96).
 * Integer division truncates toward zero on both databases.
 *
 * A movement is on the business day it was recorded on (ADR 6), as its sale is in the sales and
 * profit reports, whatever the business's zone is now; one recorded before migration 0038 has no
 * day ('') and is placed by its instant in the current zone. One statement: the two parts by the
 * index (business_id, business_day, created_at), added up here.
 */
async function movementRows(db: Q, business: { id: string; timezone: string }, f: Filter) {
  const range = dayRange(f.from, f.to, business.timezone);
  const part = () => {
    let moves = db
      .selectFrom('stock_movements')
      .select([
        'kind',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number>('quantity').as('q'),
        sql<number>`sum(case when quantity * unit_cost >= 0 then (quantity * unit_cost + 500) / 1000 else -((500 - quantity * unit_cost) / 1000) end)`.as(
          'v',
        ),
      ])
      .where('business_id', '=', business.id);
    if (f.location_id) moves = moves.where('location_id', '=', f.location_id);
    if (f.location_ids) moves = moves.where('location_id', 'in', scopeIds(f.location_ids));
    return moves;
  };
  const dated = part().where('business_day', '>=', f.from).where('business_day', '<=', f.to).groupBy('kind');
  const undated = part()
    .where('business_day', '=', '')
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .groupBy('kind');
  const byKind = new Map<string, { kind: string; n: number; q: number; v: number }>();
  for (const r of await dated.unionAll(undated).execute()) {
    const m = byKind.get(r.kind) ?? { kind: r.kind, n: 0, q: 0, v: 0 };
    m.n += Number(r.n);
    m.q += Number(r.q ?? 0);
    m.v += Number(r.v ?? 0);
    byKind.set(r.kind, m);
  }
  return [...byKind.values()];
}

/** The active products with a reorder level (the only ones that can be low, domain isLowStock). */
function reorderProducts(db: Q, businessId: string) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'code', 'unit', 'reorder_level'])
    .where('business_id', '=', businessId)
    .where(canRunLow('products'))
    .execute();
}

/** The products held at or below their reorder level (domain isLowStock), the furthest below first. */
function lowStock(products: Awaited<ReturnType<typeof reorderProducts>>, held: Map<string, number>) {
  return products
    .map((p) => ({
      product_id: p.id,
      name: p.name,
      code: p.code,
      unit: p.unit,
      on_hand: held.get(p.id) ?? 0,
      reorder_level: Number(p.reorder_level),
    }))
    .filter((p) => isLowStock(p.on_hand, p.reorder_level))
    .sort(compareLowStock);
}

/**
 * Stock on hand per product and location with its value at average cost and at selling price,
 * the products at or below their reorder level, and the movements of a range by kind.
 */
export async function stockReport(
  db: Q,
  business: { id: string; timezone: string },
  f: Filter,
): Promise<StockReport> {
  checkRange(f.from, f.to);
  if (f.location_id) await requireOwnId(db, 'locations', f.location_id, business.id, 'Location');
  const [rows, movements, products] = await Promise.all([
    levelRows(db, business.id, f),
    movementRows(db, business, f),
    reorderProducts(db, business.id),
  ]);
  const onHand = rows
    .map((r) => {
      const quantity = Number(r.quantity);
      return {
        product_id: r.product_id,
        name: r.name,
        code: r.code,
        category: r.category,
        unit: r.unit,
        location_id: r.location_id,
        location_name: r.location_name,
        quantity,
        avg_cost: Number(r.avg_cost),
        price: Number(r.price),
        value_cost: lineAmount(quantity, Number(r.avg_cost)),
        value_price: lineAmount(quantity, Number(r.price)),
      };
    })
    .sort(byProductThenLocation);
  const held = new Map<string, number>();
  for (const r of onHand) held.set(r.product_id, (held.get(r.product_id) ?? 0) + r.quantity);
  return {
    from: f.from,
    to: f.to,
    location_id: f.location_id ?? null,
    on_hand: onHand,
    totals: {
      value_cost: onHand.reduce((s, r) => s + r.value_cost, 0),
      value_price: onHand.reduce((s, r) => s + r.value_price, 0),
      products: [...held.values()].filter(isInStock).length,
    },
    // at one location, the products listed there (as the products list's filter has it): those with
    // a level there and, at a location in use, every product that can run low (0 without a level)
    low_stock: lowStock(f.location_id ? products.filter((p) => held.has(p.id)) : products, held),
    movements: movements
      .map((m) => ({ kind: m.kind as MovementKind, count: m.n, quantity: m.q, value: m.v }))
      .sort((a, b) => (a.kind < b.kind ? -1 : 1)),
  };
}
