import { type Insertable, type Kysely, type QueryCreator, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import type { Database } from '../../db/tables.js';
import type { TransferTotalsTable, TransfersTable } from '../../db/tables/selling.js';
import type { Trx } from '../../lib/tx.js';
import { chunks } from '../sync/documents.js';

/**
 * Each business's transfers counted and summed, confirmed or not, and the provider references it
 * received more than once (migration 0025, issue 21): the dashboard and the notifications read
 * this row instead of the whole register. Every write of `transfers` or `transfer_confirmations`
 * adds to it in the same transaction: a sale (in its one statement on PostgreSQL), a reversal or
 * a debtor's payment (`recordTransfer`), a confirmation, a sync batch (`addWrittenTransfers`), an
 * archive's import (`recountTransferTotals`).
 */
export type TotalsRow = Required<Insertable<TransferTotalsTable>>;

const FIGURES = [
  'transfers_count',
  'transfers_amount',
  'confirmed_count',
  'confirmed_amount',
  'references_twice',
] as const;

/** A business's totals moved by `figures` (every figure present, so one query shape). */
export function totalsOf(businessId: string, figures: Partial<Omit<TotalsRow, 'business_id'>>): TotalsRow {
  return {
    business_id: businessId,
    transfers_count: figures.transfers_count ?? 0,
    transfers_amount: figures.transfers_amount ?? 0,
    confirmed_count: figures.confirmed_count ?? 0,
    confirmed_amount: figures.confirmed_amount ?? 0,
    references_twice: figures.references_twice ?? 0,
  };
}

/** What one new row of the register adds. */
export const addedBy = (t: Pick<Insertable<TransfersTable>, 'business_id' | 'amount'>): TotalsRow =>
  totalsOf(t.business_id, { transfers_count: 1, transfers_amount: Number(t.amount) });

/** A row of the register and what it adds to the totals: the arguments of `withCountedTransfer`. */
export const countedTransfer = (row: Insertable<TransfersTable>) => ({
  transfer: row,
  transferTotals: addedBy(row),
});

/** Adds `row`'s figures to its business's totals, or makes them: a statement, or a part of a `with`. */
export function addToTotals(db: QueryCreator<Database>, row: TotalsRow) {
  return db
    .insertInto('transfer_totals')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('business_id')
        .doUpdateSet(
          Object.fromEntries(
            FIGURES.map((c) => [
              c,
              sql<number>`${sql.ref(`transfer_totals.${c}`)} + ${sql.ref(`excluded.${c}`)}`,
            ]),
          ),
        ),
    );
}

const addTotals = compiledQuery((db, a: { row: TotalsRow }) => addToTotals(db, a.row));

/** Adds `row` to its business's totals. */
export async function addTransferTotals(trx: Trx, row: TotalsRow): Promise<void> {
  await addTotals.run(trx, { row });
}

/**
 * PostgreSQL only: a row of the register (`transferred`) and what it adds to the totals
 * (`transfer_totalled`) as parts of a statement that does more (a sale's, a reversal's, a
 * payment's); none without a row.
 */
export function withCountedTransfer(
  db: QueryCreator<Database>,
  a: { transfer?: Insertable<TransfersTable>; transferTotals?: TotalsRow },
): QueryCreator<Database> {
  const { transfer, transferTotals } = a;
  if (!transfer || !transferTotals) return db;
  return db
    .with('transferred', (q) => q.insertInto('transfers').values(transfer))
    .with('transfer_waiting', (q) => q.insertInto('transfers_unconfirmed').values(waitingOf(transfer)))
    .with('transfer_totalled', (q) =>
      addToTotals(q as unknown as QueryCreator<Database>, transferTotals),
    ) as unknown as QueryCreator<Database>;
}

/** A new row of the register waits for its confirmation (migration 0028). */
export const waitingOf = (t: Pick<Insertable<TransfersTable>, 'business_id' | 'created_at' | 'id'>) => ({
  business_id: t.business_id,
  created_at: t.created_at,
  transfer_id: t.id,
});

const insertTransfer = compiledQuery((db, a: { row: Insertable<TransfersTable> }) =>
  db.insertInto('transfers').values(a.row),
);
const insertWaiting = compiledQuery((db, a: { row: ReturnType<typeof waitingOf> }) =>
  db.insertInto('transfers_unconfirmed').values(a.row),
);
/** PostgreSQL: the register's row, its wait for a confirmation and its totals in one statement. */
const insertTransferCounted = compiledQuery((db, a: { row: Insertable<TransfersTable>; totals: TotalsRow }) =>
  addToTotals(
    db
      .with('written', (q) => q.insertInto('transfers').values(a.row))
      .with('waiting', (q) =>
        q.insertInto('transfers_unconfirmed').values(waitingOf(a.row)),
      ) as unknown as QueryCreator<Database>,
    a.totals,
  ),
);

/** A confirmed transfer waits no more. */
const removeWaiting = compiledQuery((db, a: { businessId: string; createdAt: string; id: string }) =>
  db
    .deleteFrom('transfers_unconfirmed')
    .where('business_id', '=', a.businessId)
    .where('created_at', '=', a.createdAt)
    .where('transfer_id', '=', a.id),
);

/** Marks `transfer` confirmed in what is kept of it: its wait ends, the totals count it confirmed. */
export async function keepConfirmed(
  trx: Trx,
  transfer: { business_id: string; id: string; created_at: string; amount: number | string },
): Promise<void> {
  await removeWaiting.run(trx, {
    businessId: transfer.business_id,
    createdAt: transfer.created_at,
    id: transfer.id,
  });
  await addTransferTotals(
    trx,
    totalsOf(transfer.business_id, { confirmed_count: 1, confirmed_amount: Number(transfer.amount) }),
  );
}

/** Writes a row of the register, its wait for a confirmation and its totals (one statement on PostgreSQL, three on SQLite). */
export async function insertCountedTransfer(
  trx: Trx,
  dialect: 'sqlite' | 'postgres',
  row: Insertable<TransfersTable>,
): Promise<void> {
  if (dialect === 'postgres') {
    await insertTransferCounted.run(trx, { row, totals: addedBy(row) });
    return;
  }
  await insertTransfer.run(trx, { row });
  await insertWaiting.run(trx, { row: waitingOf(row) });
  await addTotals.run(trx, { row: addedBy(row) });
}

type Row = Record<string, unknown>;
/** Most values in one `in (…)`. */
const IN_CHUNK = 500;

/**
 * A sync batch's new rows of the register and confirmations added to the totals (ADR 11 §5.4,
 * with the other derived rows): the confirmed transfers' amounts are read from the register, and a
 * provider's reference counts as received twice when this batch took it from one row to two or more.
 */
export async function addWrittenTransfers(
  trx: Trx,
  businessId: string,
  transfers: readonly Row[],
  confirmations: readonly Row[],
): Promise<void> {
  if (transfers.length === 0 && confirmations.length === 0) return;
  const figures = totalsOf(businessId, {
    transfers_count: transfers.length,
    transfers_amount: transfers.reduce((s, t) => s + Number(t.amount), 0),
  });
  for (const ids of chunks(
    confirmations.map((c) => String(c.transfer_id)),
    IN_CHUNK,
  )) {
    const r = await trx
      .selectFrom('transfers')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('s')])
      .where('business_id', '=', businessId)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    figures.confirmed_count += Number(r.n);
    figures.confirmed_amount += Number(r.s ?? 0);
  }
  figures.references_twice = await twiceMoved(trx, businessId, transfers);
  await addTransferTotals(trx, figures);
  // The new rows wait for their confirmation, unless this batch brought it too.
  for (let i = 0; i < transfers.length; i += IN_CHUNK)
    await trx
      .insertInto('transfers_unconfirmed')
      .values(
        transfers.slice(i, i + IN_CHUNK).map((t) => ({
          business_id: businessId,
          created_at: String(t.created_at),
          transfer_id: String(t.id),
        })),
      )
      .execute();
  for (const ids of chunks(
    confirmations.map((c) => String(c.transfer_id)),
    IN_CHUNK,
  ))
    await trx
      .deleteFrom('transfers_unconfirmed')
      .where('business_id', '=', businessId)
      .where((eb) =>
        eb(
          eb.refTuple('created_at', 'transfer_id'),
          'in',
          eb
            .selectFrom('transfers')
            .select(['created_at', 'id'])
            .where('business_id', '=', businessId)
            .where('id', 'in', ids)
            .$asTuple('created_at', 'id'),
        ),
      )
      .execute();
}

const keyOf = (providerId: unknown, reference: unknown) => `${String(providerId)}\u0000${String(reference)}`;

/**
 * Whether a received row (`amount > 0`) still stands: not a debtor's payment voided since
 * (`debtor_payments.voids_id`, found by its partial index). A voided payment's reference is free
 * again (a payment typed 5,000 for 500 is voided and entered again with its real code), and it
 * no longer makes its reference one received twice.
 */
export const notVoided = (businessId: string) =>
  sql<boolean>`not exists (select 1 from "debtor_payments" "v" where "v"."business_id" = ${businessId} and "v"."voids_id" = "transfers"."source_id")`;

/**
 * How `written` (a sync batch's new rows of the register, or a payment's void written here) moved
 * the number of provider references received twice or more: +1 for each it took from fewer than
 * two standing received rows to two or more, −1 for each it took back below two (a void of one of
 * them). Counted from the references' rows as they stand after the writes and as they stood before
 * (the written rows, and the voids among them, left out).
 */
export async function twiceMoved(trx: Trx, businessId: string, written: readonly Row[]): Promise<number> {
  const writtenIds = new Set(written.map((t) => String(t.id)));
  // a void's row in the register: a debtor payment's, sent back (its source is the void's own id)
  const voidIds = new Set(
    written
      .filter((t) => Number(t.amount) < 0 && t.source === 'debtor_payment')
      .map((t) => String(t.source_id)),
  );
  const keys = new Set(
    written
      .filter((t) => Number(t.amount) > 0 || voidIds.has(String(t.source_id)))
      .map((t) => keyOf(t.provider_id, t.reference)),
  );
  if (keys.size === 0) return 0;
  const references = [
    ...new Set(
      written.filter((t) => keys.has(keyOf(t.provider_id, t.reference))).map((t) => String(t.reference)),
    ),
  ];
  const counts = new Map<string, { before: number; after: number }>();
  for (const slice of chunks(references, IN_CHUNK)) {
    const rows = await trx
      .selectFrom('transfers')
      .select([
        'id',
        'provider_id',
        'reference',
        sql<
          string | null
        >`(select "v"."id" from "debtor_payments" "v" where "v"."business_id" = ${businessId} and "v"."voids_id" = "transfers"."source_id" limit 1)`.as(
          'voided_by',
        ),
      ])
      .where('business_id', '=', businessId)
      .where('reference', 'in', slice)
      .where('amount', '>', 0)
      .execute();
    for (const r of rows) {
      const key = keyOf(r.provider_id, r.reference);
      if (!keys.has(key)) continue;
      const c = counts.get(key) ?? { before: 0, after: 0 };
      if (r.voided_by == null) c.after += 1;
      if (!writtenIds.has(r.id) && (r.voided_by == null || voidIds.has(r.voided_by))) c.before += 1;
      counts.set(key, c);
    }
  }
  let moved = 0;
  for (const { before, after } of counts.values()) {
    if (before < 2 && after >= 2) moved += 1;
    else if (before >= 2 && after < 2) moved -= 1;
  }
  return moved;
}

/**
 * Scalar subqueries of the business's transfers waiting for the admin's confirmation, from its
 * totals: how many and their sum (null while it has no transfers). The dashboard and the
 * notifications read them.
 */
export const unconfirmedCount = (businessId: string) =>
  sql<
    number | string | null
  >`(select "transfers_count" - "confirmed_count" from "transfer_totals" where "business_id" = ${businessId})`;
export const unconfirmedAmount = (businessId: string) =>
  sql<
    number | string | null
  >`(select "transfers_amount" - "confirmed_amount" from "transfer_totals" where "business_id" = ${businessId})`;

/** A business's totals counted from its rows: what the kept row must always equal. */
export async function countedTransferTotals(db: Kysely<Database>, businessId: string): Promise<TotalsRow> {
  const r = await db
    .selectFrom('transfers as t')
    .leftJoin('transfer_confirmations as c', (j) =>
      j.onRef('c.transfer_id', '=', 't.id').onRef('c.business_id', '=', 't.business_id'),
    )
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('t.amount').as('amount'),
      eb.fn.count<number>('c.transfer_id').as('confirmed_n'),
      eb.fn.sum<number>(sql`case when c.transfer_id is null then 0 else t.amount end`).as('confirmed_amount'),
      eb
        .selectFrom((d) =>
          d
            .selectFrom('transfers')
            .select('provider_id')
            .where('business_id', '=', businessId)
            .where('amount', '>', 0)
            .where(notVoided(businessId))
            .groupBy(['provider_id', 'reference'])
            .having((h) => h.fn.countAll(), '>', 1)
            .as('x'),
        )
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('twice'),
    ])
    .where('t.business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return totalsOf(businessId, {
    transfers_count: Number(r.n),
    transfers_amount: Number(r.amount ?? 0),
    confirmed_count: Number(r.confirmed_n),
    confirmed_amount: Number(r.confirmed_amount ?? 0),
    references_twice: Number(r.twice ?? 0),
  });
}

/** The business's totals and waiting transfers found again from its rows and kept (an archive's import). */
export async function recountTransferTotals(trx: Trx, businessId: string): Promise<void> {
  await trx.deleteFrom('transfers_unconfirmed').where('business_id', '=', businessId).execute();
  await trx
    .insertInto('transfers_unconfirmed')
    .columns(['business_id', 'created_at', 'transfer_id'])
    .expression((eb) =>
      eb
        .selectFrom('transfers as t')
        .select(['t.business_id', 't.created_at', 't.id'])
        .where('t.business_id', '=', businessId)
        .where((w) =>
          w.not(
            w.exists(
              w
                .selectFrom('transfer_confirmations as c')
                .select('c.transfer_id')
                .whereRef('c.business_id', '=', 't.business_id')
                .whereRef('c.transfer_id', '=', 't.id'),
            ),
          ),
        ),
    )
    .execute();
  const row = await countedTransferTotals(trx, businessId);
  await trx
    .insertInto('transfer_totals')
    .values(row)
    .onConflict((oc) =>
      oc.column('business_id').doUpdateSet(Object.fromEntries(FIGURES.map((c) => [c, row[c]]))),
    )
    .execute();
}
