import { formatReceiptNo } from '@duka/domain';
import { sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import { dialectOf } from '../../db/dialect.js';
import type { ProductRow, SaleLineRow, SaleRow } from '../../db/tables.js';
import type { Operator } from '../../lib/context.js';
import { isReplay, replayOf, storedUnder } from '../../lib/idempotency.js';
import type { Trx } from '../../lib/tx.js';
import { countFreezesSales, givenTo, requireSellingLocation } from '../inventory/stock-rules.js';
import { type Sold, soldSoFar } from './reversal-checks.js';
import { locationRead } from './sale-reads.js';
import { bumpedUnlessStored } from '../sync/series.js';
import {
  type ProductsOnHand,
  onHandSql,
  productsOnHand,
  readProductsOnHand,
} from '../inventory/moved-costs.js';

/** The names a reversal shows beside its sale's debtor and provider ids (null: none). */
export interface ReversalNames {
  debtor: string | null;
  provider: string | null;
}

/** What a reversal reads before it writes: a retry of an earlier one, or what it reverses and where. */
export type ReversalReads =
  | { replay: true }
  | {
      replay: false;
      location: { id: string; name: string };
      sold: Sold;
      names: ReversalNames;
      /** The sale's products, whole, with their stock on hand at every location: the costs they move. */
      products: ProductsOnHand;
      /** Its receipt number, when the reads took it (PostgreSQL). */
      receiptNo?: string;
    };

type SaleOf = Pick<SaleRow, 'id' | 'location_id' | 'debtor_id' | 'provider_id'>;

/**
 * A reversal's reads under its business's lock, checked in this order: whether its id was used
 * already (`isReplay`), the sale's location (`requireSellingLocation`: goods coming back during a
 * count that froze sales would be counted twice, ADR 4), the sale's lines and what earlier
 * reversals took back of each (`soldSoFar`), the names of the sale's debtor and provider for
 * the answer, and its products with their stock on hand (the goods coming back move their average
 * cost as a receipt's do). On PostgreSQL they are one statement, which also takes the receipt
 * number, as a sale's reads are (`sale-reads.ts`, issue 21); the shop's SQLite keeps one statement
 * each.
 */
export async function reversalReads(
  trx: Trx,
  seller: Operator,
  sale: SaleOf,
  id: string,
  hash: string,
): Promise<ReversalReads> {
  const businessId = seller.businessId;
  if (dialectOf(trx) !== 'postgres') {
    if (await isReplay(trx, 'sale_reversals', id, businessId, hash, seller.userId)) return { replay: true };
    const location = await requireSellingLocation(trx, seller, sale.location_id, 'sale_id');
    const sold = await soldSoFar(trx, businessId, sale.id);
    const names = await namesOf(trx, businessId, sale);
    const products = await readProductsOnHand(
      trx,
      businessId,
      sold.lines.map((l) => l.product_id),
    );
    return { replay: false, location, sold, names, products };
  }
  const first = await readsInOne.first(trx, {
    id,
    businessId,
    saleId: sale.id,
    locationId: sale.location_id,
    userId: seller.userId ?? '',
    ...(sale.debtor_id === null ? {} : { debtorId: sale.debtor_id }),
    ...(sale.provider_id === null ? {} : { providerId: sale.provider_id }),
  });
  if (!first) throw new Error('reversalReads: no such business');
  const earlier =
    first.r_business_id === null
      ? undefined
      : { business_id: first.r_business_id, request_hash: first.r_hash!, user_id: first.r_user_id };
  if (replayOf(earlier, businessId, hash, seller.userId)) return { replay: true };
  const location = locationRead(first, seller, 'sale_id');
  const reversed = new Map(Object.entries(first.reversed ?? {}).map(([no, q]) => [Number(no), Number(q)]));
  return {
    replay: false,
    location,
    sold: { lines: first.lines ?? [], reversed },
    names: { debtor: first.debtor_name ?? null, provider: first.provider_name ?? null },
    products: productsOnHand(first.products ?? []),
    receiptNo:
      first.receipt_series === null
        ? undefined
        : formatReceiptNo(first.receipt_series, Number(first.receipt_last_no)),
  };
}

/** The sale's debtor's and provider's names, read only when it has them (SQLite). */
async function namesOf(trx: Trx, businessId: string, sale: SaleOf): Promise<ReversalNames> {
  const [debtor, provider] = await Promise.all([
    sale.debtor_id === null ? undefined : debtorName.first(trx, { businessId, id: sale.debtor_id }),
    sale.provider_id === null ? undefined : providerName.first(trx, { businessId, id: sale.provider_id }),
  ]);
  return { debtor: debtor?.name ?? null, provider: provider?.name ?? null };
}

// A deleted debtor's name too: a reversal of its sale still shows it (as `loadReversal` does).
const debtorName = compiledQuery((db, a: { businessId: string; id: string }) =>
  db.selectFrom('debtors').select('name').where('id', '=', a.id).where('business_id', '=', a.businessId),
);
const providerName = compiledQuery((db, a: { businessId: string; id: string }) =>
  db
    .selectFrom('payment_providers')
    .select('name')
    .where('id', '=', a.id)
    .where('business_id', '=', a.businessId),
);

/** The name of the business's row `id` of `table`, as a scalar subquery. */
const nameIn = (table: 'debtors' | 'payment_providers', id: string, businessId: string) =>
  sql<
    string | null
  >`(select "name" from ${sql.table(table)} where "id" = ${id} and "business_id" = ${businessId})`;

/**
 * The business's row (locked already), with the receipt number this server's series gives next
 * (none for a retry, or when the series has no counter yet), the reversal stored under the id if
 * any, the sale's location with whether an open count freezes its sales and whether the user was
 * given it, the sale's lines and the quantities earlier reversals took back of each (as JSON), the
 * sale's products whole with their stock on hand (as JSON), and the names of the sale's debtor and
 * provider when it has them.
 */
const readsInOne = compiledQuery(
  (
    db,
    a: {
      id: string;
      businessId: string;
      saleId: string;
      locationId: string;
      userId: string;
      debtorId?: string;
      providerId?: string;
    },
  ) =>
    db
      .with('bumped', () => bumpedUnlessStored('sale_reversals', a.businessId, a.id))
      .selectFrom('businesses as b')
      .leftJoin('bumped', (j) => j.onTrue())
      .leftJoinLateral(storedUnder(db, 'sale_reversals', a.id, a.businessId).as('r'), (j) => j.onTrue())
      .leftJoin('locations as l', (j) =>
        j.on('l.id', '=', a.locationId).onRef('l.business_id', '=', 'b.id').on('l.deleted_at', 'is', null),
      )
      .select([
        'bumped.series as receipt_series',
        'bumped.last_no as receipt_last_no',
        'r.business_id as r_business_id',
        'r.request_hash as r_hash',
        'r.user_id as r_user_id',
        'l.id as l_id',
        'l.name as l_name',
        'l.active as l_active',
        countFreezesSales('l.id').as('l_frozen'),
        givenTo(a.userId).as('l_given'),
        sql<
          SaleLineRow[] | null
        >`(select json_agg("sl" order by "sl"."line_no") from "sale_lines" as "sl" where "sl"."business_id" = ${a.businessId} and "sl"."sale_id" = ${a.saleId})`.as(
          'lines',
        ),
        sql<Record<
          string,
          number | string
        > | null>`(select json_object_agg("x"."sale_line_no", "x"."q") from (select "sale_line_no", sum("quantity") as "q" from "sale_reversal_lines" where "business_id" = ${a.businessId} and "sale_id" = ${a.saleId} group by "sale_line_no") as "x")`.as(
          'reversed',
        ),
        sql<
          (ProductRow & { on_hand: string })[] | null
        >`(select json_agg(to_jsonb("p") || jsonb_build_object('on_hand', ${onHandSql(a.businessId)})) from "products" as "p" where "p"."business_id" = ${a.businessId} and "p"."id" in (select "x"."product_id" from "sale_lines" as "x" where "x"."business_id" = ${a.businessId} and "x"."sale_id" = ${a.saleId}))`.as(
          'products',
        ),
        ...(a.debtorId === undefined ? [] : [nameIn('debtors', a.debtorId, a.businessId).as('debtor_name')]),
        ...(a.providerId === undefined
          ? []
          : [nameIn('payment_providers', a.providerId, a.businessId).as('provider_name')]),
      ])
      .where('b.id', '=', a.businessId),
);
