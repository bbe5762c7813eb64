/**
 * What a stock document (receipt, adjustment, transfer) reads before it writes, checked: whether
 * its id was used already, its locations, a receipt's supplier, its products and a receipt's
 * products' stock on hand. On PostgreSQL every statement is a round trip (issue 21), so there
 * they are one statement (`readsInOne`); the shop's SQLite keeps one statement each.
 */
import { sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import { dialectOf, ofBusiness } from '../../db/dialect.js';
import type { ProductRow } from '../../db/tables.js';
import { type Actor, type Operator, limitedToGivenLocations } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { isReplay, replayOf, storedUnder } from '../../lib/idempotency.js';
import type { Trx } from '../../lib/tx.js';
import {
  activeOnes,
  countFreezesSales,
  givenTo,
  requireActiveProducts,
  requireStockLocation,
  stockLocationOf,
} from './stock-rules.js';

export interface DocumentAsk {
  id: string;
  /** The request's hash (`requestHash`): a retry of the same request answers the first document. */
  hash: string;
  /** Checks of the body alone, made after the id's and before any other refusal. */
  check?: () => void;
  /** The locations it names, each with the field it came in, checked in this order. */
  locations: { id: string; field: string }[];
  /** A receipt's supplier. */
  supplierId?: string;
  lines: { product_id: string }[];
  /** A receipt: each product's stock on hand at every location, before it. */
  onHand?: boolean;
}

export type DocumentReads =
  { replay: true } | { replay: false; products: Map<string, ProductRow>; onHand: Map<string, number> };

/** The document's reads under its business's lock, checked in the order of `DocumentAsk`. */
export async function documentReads(
  trx: Trx,
  actor: Actor & Operator,
  ask: DocumentAsk,
): Promise<DocumentReads> {
  if (dialectOf(trx) === 'postgres') return readOnce(trx, actor, ask);
  if (await isReplay(trx, 'stock_documents', ask.id, actor.businessId, ask.hash, actor.userId))
    return { replay: true };
  ask.check?.();
  for (const l of ask.locations) await requireStockLocation(trx, actor, l.id, l.field);
  if (ask.supplierId !== undefined)
    supplierFound(await supplier.first(trx, { businessId: actor.businessId, id: ask.supplierId }));
  const products = await requireActiveProducts(trx, actor.businessId, ask.lines);
  const onHand = ask.onHand
    ? new Map(
        (await onHandOf.all(trx, { businessId: actor.businessId, ids: [...products.keys()] })).map((r) => [
          r.product_id,
          Number(r.q),
        ]),
      )
    : new Map<string, number>();
  return { replay: false, products, onHand };
}

// an inactive supplier is refused as an inactive product or location is (reactivated, it delivers)
const supplierFound = (row: unknown) => {
  if (!row) throw new AppError('validation_failed', 'Unknown or inactive supplier', 'supplier_id');
};

const supplier = compiledQuery((db, a: { businessId: string; id: string }) =>
  db
    .selectFrom('suppliers')
    .select('id')
    .where('id', '=', a.id)
    .where('business_id', '=', a.businessId)
    .where('active', '=', 1)
    .where('deleted_at', 'is', null),
);

/** Total on hand per product across every location. */
const onHandOf = compiledQuery((db, a: { businessId: string; ids: string[] }) =>
  db
    .selectFrom('stock_levels')
    .select(['product_id', (eb) => eb.fn.sum<number>('quantity').as('q')])
    .where(ofBusiness(db, 'business_id', a.businessId))
    .where('product_id', 'in', a.ids)
    .groupBy('product_id'),
);

/** The columns `readsInOne` adds to a product's (none of them a product's column). */
const READ_COLUMNS = ['d_business_id', 'd_hash', 'd_user_id', 's_id', 'on_hand'] as const;
const locationColumns = (i: number) =>
  [`l${i}_id`, `l${i}_name`, `l${i}_active`, `l${i}_given`, `l${i}_frozen`] as const;

async function readOnce(trx: Trx, actor: Actor & Operator, ask: DocumentAsk): Promise<DocumentReads> {
  const rows = (await readsInOne.all(trx, {
    businessId: actor.businessId,
    userId: actor.userId ?? '',
    id: ask.id,
    locationIds: ask.locations.map((l) => l.id),
    ...(ask.supplierId === undefined ? {} : { supplierId: ask.supplierId }),
    ids: [...new Set(ask.lines.map((l) => l.product_id))],
    ...(ask.onHand ? { onHandOf: actor.businessId } : {}),
  })) as Record<string, unknown>[];
  // One row per product found (at least one: the business's, locked by the caller)
  const [first] = rows;
  if (!first) throw new Error('documentReads: no such business');
  const storedBy = first.d_business_id;
  const stored =
    typeof storedBy === 'string'
      ? {
          business_id: storedBy,
          request_hash: first.d_hash as string,
          user_id: first.d_user_id as string | null,
        }
      : undefined;
  if (replayOf(stored, actor.businessId, ask.hash, actor.userId)) return { replay: true };
  ask.check?.();
  const limited = limitedToGivenLocations(actor);
  ask.locations.forEach((l, i) => {
    const [id, name, active, given, frozen] = locationColumns(i);
    const found = first[id];
    const loc =
      typeof found === 'string'
        ? { id: found, name: String(first[name]), active: Number(first[active]), frozen: first[frozen] }
        : undefined;
    stockLocationOf(loc, limited ? first[given] === true : null, l.field);
  });
  if (ask.supplierId !== undefined) supplierFound(first.s_id);
  const extra = new Set<string>([...READ_COLUMNS, ...ask.locations.flatMap((_, i) => locationColumns(i))]);
  const found = rows.flatMap((r) =>
    r.id == null ? [] : [Object.fromEntries(Object.entries(r).filter(([k]) => !extra.has(k))) as ProductRow],
  );
  const products = activeOnes(found, actor.businessId, ask.lines);
  const onHand = new Map(rows.flatMap((r) => (typeof r.id === 'string' ? [[r.id, Number(r.on_hand)]] : [])));
  return { replay: false, products, onHand };
}

/**
 * PostgreSQL: the business's row (locked already) with the document stored under the id if any,
 * each location with whether the user was given it, the supplier, and the products whole, each
 * one row, with a receipt's products' stock on hand.
 */
const readsInOne = compiledQuery(
  (
    db,
    a: {
      businessId: string;
      userId: string;
      id: string;
      locationIds: string[];
      supplierId?: string;
      ids: string[];
      /** A receipt's: the business whose levels are summed (the shape has it or not). */
      onHandOf?: string;
    },
  ) => {
    let q = db
      .selectFrom('businesses as b')
      .leftJoinLateral(storedUnder(db, 'stock_documents', a.id, a.businessId).as('d'), (j) => j.onTrue())
      .select(['d.business_id as d_business_id', 'd.request_hash as d_hash', 'd.user_id as d_user_id']);
    a.locationIds.forEach((locationId, i) => {
      const l = `l${i}` as 'l';
      q = q
        .leftJoin(`locations as ${l}`, (j) =>
          j
            .on(`${l}.id`, '=', locationId)
            .onRef(`${l}.business_id`, '=', 'b.id')
            .on(`${l}.deleted_at`, 'is', null),
        )
        .select([
          `${l}.id as ${l}_id`,
          `${l}.name as ${l}_name`,
          `${l}.active as ${l}_active`,
          givenTo(a.userId, l).as(`${l}_given`),
          countFreezesSales(`${l}.id`).as(`${l}_frozen`),
        ]);
    });
    if (a.supplierId !== undefined)
      q = q
        .leftJoin('suppliers as s', (j) =>
          j
            .on('s.id', '=', a.supplierId!)
            .onRef('s.business_id', '=', 'b.id')
            .on('s.active', '=', 1)
            .on('s.deleted_at', 'is', null),
        )
        .select('s.id as s_id');
    const withProducts = q
      .leftJoin('products as p', (j) => j.onRef('p.business_id', '=', 'b.id').on('p.id', 'in', a.ids))
      .selectAll('p');
    return (
      a.onHandOf === undefined
        ? withProducts
        : withProducts.select(
            sql<string>`(select coalesce(sum("sl"."quantity"), 0) from "stock_levels" as "sl" where "sl"."business_id" = ${a.onHandOf} and "sl"."product_id" = "p"."id")`.as(
              'on_hand',
            ),
          )
    ).where('b.id', '=', a.businessId);
  },
);
