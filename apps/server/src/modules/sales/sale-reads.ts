import { type PlacedSaleBody, formatReceiptNo } from '@duka/domain';
import { compiledQuery } from '../../db/compiled-query.js';
import { dialectOf } from '../../db/dialect.js';
import { type Actor, type Operator, limitedToGivenLocations } from '../../lib/context.js';
import { isReplay, replayOf, storedUnder } from '../../lib/idempotency.js';
import type { Trx } from '../../lib/tx.js';
import {
  type SoldProduct,
  activeOnes,
  countFreezesSales,
  givenTo,
  sellingLocationOf,
} from '../inventory/stock-rules.js';
import { bumpedUnlessStored } from '../sync/series.js';
import { type ReferenceAt, providerUseAsJson, referenceKey } from '../transfers/transfer-ledger.js';
import { debtorAsJson } from '../debtors/debtor-ledger.js';
import { type PaymentReads, checkWhereAndWhat } from './sale-checks.js';

type Named = { id: string; name: string };

/** What a sale reads before it writes: a retry of an earlier sale, or where and what it sells. */
export type SaleReads =
  | { replay: true }
  | {
      replay: false;
      location: Named;
      products: Map<string, SoldProduct>;
      /** The sale's receipt number, when the reads took it (PostgreSQL: `readsInOne`). */
      receiptNo?: string;
      /** Its debtor, or its provider with the reference's earlier use, when the reads took them. */
      payment?: PaymentReads;
    };

/**
 * A sale's reads under its business's lock, checked: whether its id was used already
 * (`isReplay`: a retry answers the first sale, another request with the id is a 409), then the
 * location it is sold at and its products (`checkWhereAndWhat`; a retry skips them).
 *
 * On PostgreSQL every statement is a round trip (a socket write, the database's process woken, its
 * answer read and parsed: about a tenth of a hosted sale's server CPU each, issue 21), so there the
 * three reads, a cashier's right to the location, the receipt number's counter, and the debtor
 * or the provider with the reference's earlier use (`checkPayment`) are one statement. The shop's
 * SQLite keeps
 * one statement each, answered from its kept reads.
 */
export async function saleReads(
  trx: Trx,
  actor: Actor,
  seller: Operator,
  body: PlacedSaleBody,
  hash: string,
): Promise<SaleReads> {
  if (dialectOf(trx) !== 'postgres' || body.lines.length === 0) {
    if (await isReplay(trx, 'sales', body.id, actor.businessId, hash, actor.userId)) return { replay: true };
    return { replay: false, ...(await checkWhereAndWhat(trx, actor, seller, body)) };
  }
  const debtorId = body.kind === 'debtor' && body.debtor_id ? body.debtor_id : undefined;
  const transferIn =
    body.kind === 'transfer' && body.provider_id && body.reference
      ? { providerId: body.provider_id, referenceKey: referenceKey(body.reference) }
      : undefined;
  const rows = await readsInOne.all(trx, {
    saleId: body.id,
    businessId: actor.businessId,
    locationId: body.location_id,
    userId: seller.userId ?? '',
    ids: [...new Set(body.lines.map((l) => l.product_id))],
    ...(debtorId === undefined ? {} : { debtorId }),
    ...(transferIn === undefined ? {} : { transfer: { businessId: actor.businessId, ...transferIn } }),
  });
  // One row per product found (at least one: the business's, locked by the caller)
  const [first] = rows;
  if (!first) throw new Error('saleReads: no such business');
  const earlier = first.sale_business_id === null ? undefined : first;
  if (
    replayOf(
      earlier && {
        business_id: earlier.sale_business_id!,
        request_hash: earlier.sale_hash!,
        user_id: earlier.sale_user_id,
      },
      actor.businessId,
      hash,
      actor.userId,
    )
  )
    return { replay: true };
  const location = locationRead(first, seller, 'location_id');
  const found = rows.flatMap((r): SoldProduct[] =>
    r.id === null
      ? []
      : [
          {
            id: r.id,
            business_id: r.business_id!,
            deleted_at: r.deleted_at,
            active: r.active!,
            name: r.name!,
            code: r.code!,
            unit: r.unit!,
            price: r.price!,
            tax_rate: r.tax_rate!,
            avg_cost: r.avg_cost!,
            buying_price: r.buying_price!,
          },
        ],
  );
  const products = activeOnes(found, actor.businessId, body.lines);
  const receiptNo =
    first.receipt_series === null
      ? undefined
      : formatReceiptNo(first.receipt_series, Number(first.receipt_last_no));
  const payment = paymentOf(first, debtorId !== undefined, transferIn !== undefined);
  return { replay: false, location, products, receiptNo, payment };
}

/** The location a document's reads found, checked (`sellingLocationOf`). */
export function locationRead(
  row: {
    l_id: string | null;
    l_name: string | null;
    l_active: number | null;
    l_frozen: unknown;
    l_given: boolean;
  },
  seller: Operator,
  field: string,
): Named {
  return sellingLocationOf(
    row.l_id === null
      ? undefined
      : { id: row.l_id, name: row.l_name!, active: row.l_active!, frozen: row.l_frozen },
    limitedToGivenLocations(seller) ? row.l_given === true : null,
    field,
  );
}

type ReadRow = Awaited<ReturnType<typeof readsInOne.all>>[number];

/** The debtor, or the provider with the reference's use, the reads found (null: none) when asked for. */
function paymentOf(first: ReadRow, debtor: boolean, transfer: boolean): PaymentReads {
  const payment: PaymentReads = {};
  if (debtor) payment.debtor = first.debtor ?? null;
  if (transfer) payment.transfer = first.provider ?? null;
  return payment;
}

/**
 * The business's row (locked already), with the receipt number this server's series gives next
 * (`writerCounterBump`; none for a retry, or when the series has no counter yet: `writerReceiptNo`
 * then takes it; a refusal after takes the number back with the rest), the sale stored under the id if any, the location
 * with whether an open count freezes its sales and whether the user was given it, and the
 * products, each one row: the columns of `isReplay`, `requireSellingLocation` and
 * `requireSellableProducts`.
 */
const readsInOne = compiledQuery(
  (
    db,
    a: {
      saleId: string;
      businessId: string;
      locationId: string;
      userId: string;
      ids: string[];
      /** A debtor sale's debtor; a transfer sale's provider and reference (the shape has them or not). */
      debtorId?: string;
      transfer?: ReferenceAt;
    },
  ) =>
    db
      .with('bumped', () => bumpedUnlessStored('sales', a.businessId, a.saleId))
      .selectFrom('businesses as b')
      .leftJoin('bumped', (j) => j.onTrue())
      .leftJoinLateral(storedUnder(db, 'sales', a.saleId, a.businessId).as('s'), (j) => j.onTrue())
      .leftJoin('locations as l', (j) =>
        j.on('l.id', '=', a.locationId).onRef('l.business_id', '=', 'b.id').on('l.deleted_at', 'is', null),
      )
      .leftJoin('products as p', (j) => j.onRef('p.business_id', '=', 'b.id').on('p.id', 'in', a.ids))
      .select([
        'bumped.series as receipt_series',
        'bumped.last_no as receipt_last_no',
        's.business_id as sale_business_id',
        's.request_hash as sale_hash',
        's.user_id as sale_user_id',
        'l.id as l_id',
        'l.name as l_name',
        'l.active as l_active',
        countFreezesSales('l.id').as('l_frozen'),
        givenTo(a.userId).as('l_given'),
        'p.id',
        'p.business_id',
        'p.deleted_at',
        'p.active',
        'p.name',
        'p.code',
        'p.unit',
        'p.price',
        'p.tax_rate',
        'p.avg_cost',
        'p.buying_price',
        // a row each, as JSON, read once for the statement (they name only its parameters)
        ...(a.debtorId === undefined ? [] : [debtorAsJson(a.businessId, a.debtorId).as('debtor')]),
        ...(a.transfer === undefined ? [] : [providerUseAsJson(a.transfer).as('provider')]),
      ])
      .where('b.id', '=', a.businessId),
);
