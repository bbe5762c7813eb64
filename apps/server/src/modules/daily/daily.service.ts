import {
  type DailySummary,
  type DayClose,
  type DayFigures,
  type DayState,
  type SaleKind,
  businessDay,
  compareIds,
  compareText,
  type dayCloseBodySchema,
  drawerDifference,
  expectedCash,
} from '@duka/domain';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { compiledQuery } from '../../db/compiled-query.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import { AppError, notFound } from '../../lib/errors.js';
import { type Actor, type Context, type Operator, limitedToGivenLocations } from '../../lib/context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';
import { writerReceiptNo } from '../sync/series.js';
import { lockedBusiness } from '../../lib/tx.js';
import { assertHomeHere } from '../locations/location-home.js';
import { givenTo, requireKnownLocation, usableLocationOf } from '../inventory/stock-rules.js';

type Q = Kysely<Database>;

const zero = (): DayFigures => ({
  sales: { cash: { count: 0, total: 0 }, debtor: { count: 0, total: 0 }, transfer: { count: 0, total: 0 } },
  reversals: {
    cash: { count: 0, total: 0 },
    debtor: { count: 0, total: 0 },
    transfer: { count: 0, total: 0 },
  },
  cash_expenses: 0,
  transfer_expenses: 0,
  cash_debtor_payments: 0,
  transfer_debtor_payments: 0,
  cash_debtor_payouts: 0,
  expected_cash: 0,
});

/** The figures with the cash that should be in the drawer. */
function withExpected(f: DayFigures): DayFigures {
  return { ...f, expected_cash: expectedCash(f) };
}

/** A day's money at a location, in total and per cashier (whoever made each record). */
/** Whose drawer an expense row is on: a void's, the expense it undoes (`o`); others', their own (`e`). */
const voidedOwner = sql<string | null>`coalesce(${sql.ref('o.user_id')}, ${sql.ref('e.user_id')})`;

/**
 * A day's expenses at a location by drawer and method. A void is counted on the drawer of the
 * expense it undoes, whoever voided it: no cash moved (an admin's void of a cashier's expense
 * gave the cashier back nothing on the day's page).
 */
function expensesByDrawer(db: Q, businessId: string, locationId: string, day: string) {
  return db
    .selectFrom('expenses as e')
    .leftJoin('expenses as o', (j) =>
      j.onRef('o.id', '=', 'e.voids_id').onRef('o.business_id', '=', 'e.business_id'),
    )
    .select([voidedOwner.as('user_id'), 'e.method', (eb) => eb.fn.sum<number>('e.amount').as('s')])
    .where('e.business_id', '=', businessId)
    .where('e.date', '=', day)
    .where('e.location_id', '=', locationId)
    .groupBy([voidedOwner, 'e.method'])
    .execute();
}

/** Whose drawer a debtor payment row is on: a void's, the payment it undoes (`o`); a payment's, its own (`p`). */
const paidOwner = sql<string | null>`coalesce(${sql.ref('o.user_id')}, ${sql.ref('p.user_id')})`;

/**
 * Whether a debtor payment row is a pay-out of credit (debtors/payouts.ts: a row below zero that
 * voids nothing) or a void of one (the row it voids is below zero): 1, else 0.
 */
const paidOut = sql<number>`case when coalesce(${sql.ref('o.amount')}, ${sql.ref('p.amount')}) < 0 then 1 else 0 end`;

/**
 * A day's debtor payments at a location by drawer and method, pay-outs apart, net of their voids
 * (debtors/payment-voids.ts: on the payment's day, location and method). A void is counted on the
 * drawer of the payment it undoes, whoever voided it, as an expense's void is (ADR 9).
 */
function paymentsByDrawer(db: Q, businessId: string, locationId: string, day: string) {
  return db
    .selectFrom('debtor_payments as p')
    .leftJoin('debtor_payments as o', (j) =>
      j.onRef('o.id', '=', 'p.voids_id').onRef('o.business_id', '=', 'p.business_id'),
    )
    .select([
      paidOwner.as('user_id'),
      'p.method',
      paidOut.as('payout'),
      (eb) => eb.fn.sum<number>('p.amount').as('s'),
    ])
    .where('p.business_id', '=', businessId)
    .where('p.business_day', '=', day)
    .where('p.location_id', '=', locationId)
    .groupBy([paidOwner, 'p.method', paidOut])
    .execute();
}

export async function dayFigures(db: Q, businessId: string, locationId: string, day: string) {
  const [sales, reversals, payments, expenses] = await Promise.all([
    db
      .selectFrom('sales')
      .select([
        'user_id',
        'kind',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number>('total').as('s'),
      ])
      .where('business_id', '=', businessId)
      .where('business_day', '=', day)
      .where('location_id', '=', locationId)
      .groupBy(['user_id', 'kind'])
      .execute(),
    db
      .selectFrom('sale_reversals')
      .select([
        'user_id',
        'kind',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number>('total').as('s'),
      ])
      .where('business_id', '=', businessId)
      .where('business_day', '=', day)
      .where('location_id', '=', locationId)
      .groupBy(['user_id', 'kind'])
      .execute(),
    paymentsByDrawer(db, businessId, locationId, day),
    expensesByDrawer(db, businessId, locationId, day),
  ]);
  const total = zero();
  const perUser = new Map<string, DayFigures>();
  const of = (userId: string | null) => {
    const k = userId ?? '';
    let f = perUser.get(k);
    if (!f) perUser.set(k, (f = zero()));
    return f;
  };
  for (const r of sales)
    for (const f of [total, of(r.user_id)]) {
      f.sales[r.kind as SaleKind].count += Number(r.n);
      f.sales[r.kind as SaleKind].total += Number(r.s ?? 0);
    }
  for (const r of reversals)
    for (const f of [total, of(r.user_id)]) {
      f.reversals[r.kind as SaleKind].count += Number(r.n);
      f.reversals[r.kind as SaleKind].total += Number(r.s ?? 0);
    }
  for (const r of payments)
    for (const f of [total, of(r.user_id)]) {
      // a pay-out is paid in cash only (its sum below zero: credit handed out of the drawer)
      if (Number(r.payout) === 1) f.cash_debtor_payouts -= Number(r.s ?? 0);
      else if (r.method === 'cash') f.cash_debtor_payments += Number(r.s ?? 0);
      else f.transfer_debtor_payments += Number(r.s ?? 0);
    }
  for (const r of expenses)
    for (const f of [total, of(r.user_id)]) {
      if (r.method === 'cash') f.cash_expenses += Number(r.s ?? 0);
      else f.transfer_expenses += Number(r.s ?? 0);
    }
  return { total: withExpected(total), perUser: new Map([...perUser].map(([k, f]) => [k, withExpected(f)])) };
}

async function loadClose(
  db: Q,
  businessId: string,
  where: { id: string } | { locationId: string; day: string },
) {
  let q = db
    .selectFrom('day_closes')
    .innerJoin('locations', (j) =>
      j
        .onRef('locations.id', '=', 'day_closes.location_id')
        .onRef('locations.business_id', '=', 'day_closes.business_id'),
    )
    .leftJoin('users', (j) =>
      j
        .onRef('users.id', '=', 'day_closes.user_id')
        .onRef('users.business_id', '=', 'day_closes.business_id'),
    )
    .selectAll('day_closes')
    .select(['users.name as user_name', 'locations.name as location_name'])
    .where('day_closes.business_id', '=', businessId);
  q =
    'id' in where
      ? q.where('day_closes.id', '=', where.id)
      : q.where('day_closes.location_id', '=', where.locationId).where('day_closes.day', '=', where.day);
  const c = await q.executeTakeFirst();
  if (!c) return null;
  const close: DayClose = {
    id: c.id,
    receipt_no: c.receipt_no,
    location_id: c.location_id,
    location_name: c.location_name,
    day: c.day,
    expected_cash: Number(c.expected_cash),
    counted_cash: Number(c.counted_cash),
    difference: Number(c.difference),
    note: c.note,
    user_name: c.user_name ?? '',
    created_at: c.created_at,
  };
  return close;
}

export async function dailySummary(
  db: Q,
  actor: Operator & Pick<Context, 'business' | 'at'>,
  locationId: string,
  day: string | undefined,
): Promise<DailySummary> {
  // a deactivated location's past days are read as any other's
  const loc = await requireKnownLocation(db, actor, locationId, 'location_id');
  const d = day ?? businessDay(actor.at, actor.business.timezone);
  const figures = await dayFigures(db, actor.businessId, locationId, d);
  const userIds = [...figures.perUser.keys()].filter((k) => k !== '');
  const users = userIds.length
    ? await db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('business_id', '=', actor.businessId)
        .where('id', 'in', userIds)
        .execute()
    : [];
  const cashiers = [...figures.perUser]
    .map(([userId, f]) => ({
      ...f,
      user_id: userId,
      user_name: users.find((u) => u.id === userId)?.name ?? '',
    }))
    .sort((a, b) => compareText(a.user_name, b.user_name) || compareIds(a.user_id, b.user_id));
  return {
    location_id: locationId,
    location_name: loc.name,
    day: d,
    totals: figures.total,
    cashiers,
    close: await loadClose(db, actor.businessId, { locationId, day: d }),
  };
}

/** Today's business day at a location for the till, and who closed it and when, if someone did. */
export async function dayState(
  db: Q,
  actor: Operator & Pick<Context, 'business' | 'at'>,
  locationId: string,
): Promise<DayState> {
  const day = businessDay(actor.at, actor.business.timezone);
  // kept on the shop's SQLite while none of its tables is written (a sale writes none of them)
  const [row] = await stateRead.kept(db, {
    businessId: actor.businessId,
    userId: actor.userId ?? '',
    locationId,
    day,
  });
  const given = row?.l_given;
  usableLocationOf(
    row?.l_id == null ? undefined : { active: Number(row.l_active) },
    limitedToGivenLocations(actor) ? given === true || Number(given) === 1 : null,
    'location_id',
  );
  return {
    location_id: locationId,
    day,
    close:
      row?.receipt_no == null
        ? null
        : { receipt_no: row.receipt_no, user_name: row.user_name ?? '', created_at: row.created_at! },
  };
}

/**
 * Every till asks this each minute (issue 21): the location (its checks: `requireUsableLocation`'s,
 * with whether the user was given it) and its day's close with who closed it, in one statement.
 */
const stateRead = compiledQuery(
  (db, a: { businessId: string; userId: string; locationId: string; day: string }) =>
    db
      .selectFrom('businesses as b')
      .leftJoin('locations as l', (j) =>
        j.on('l.id', '=', a.locationId).onRef('l.business_id', '=', 'b.id').on('l.deleted_at', 'is', null),
      )
      .leftJoin('day_closes as c', (j) =>
        j.onRef('c.business_id', '=', 'b.id').onRef('c.location_id', '=', 'l.id').on('c.day', '=', a.day),
      )
      .leftJoin('users as u', (j) =>
        j.onRef('u.id', '=', 'c.user_id').onRef('u.business_id', '=', 'c.business_id'),
      )
      .select([
        'l.id as l_id',
        'l.active as l_active',
        givenTo(a.userId).as('l_given'),
        'c.receipt_no',
        'c.created_at',
        'u.name as user_name',
      ])
      .where('b.id', '=', a.businessId),
);

/** One day close by its id (for its receipt). */
export async function loadDayClose(db: Q, businessId: string, id: string): Promise<DayClose> {
  const c = await loadClose(db, businessId, { id });
  if (!c) throw notFound('Day close');
  return c;
}

/**
 * Closes a location's day: the counted cash against what should be there, once per location and
 * day. The expected figure is computed under the business lock, so it matches what was recorded.
 */
export async function closeDay(
  db: Db,
  actor: Actor & Operator,
  body: z.output<typeof dayCloseBodySchema>,
): Promise<DayClose> {
  const hash = requestHash(body);
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const business = await lockedBusiness(db, trx, actor.businessId);
      if (await isReplay(trx, 'day_closes', body.id, actor.businessId, hash, actor.userId))
        return (await loadClose(trx, actor.businessId, { id: body.id }))!;
      // a location deactivated at the end of a day it had not closed still closes it
      await requireKnownLocation(trx, actor, body.location_id, 'location_id');
      if (body.day > businessDay(actor.at, business.timezone))
        throw new AppError('validation_failed', 'That day has not come yet', 'day');
      const existing = await loadClose(trx, actor.businessId, {
        locationId: body.location_id,
        day: body.day,
      });
      if (existing)
        throw new AppError(
          'day_closed',
          `This day was already closed by ${existing.user_name} (receipt #${existing.receipt_no})`,
          'day',
        );
      await assertHomeHere(trx, actor.businessId, body.location_id);
      const { total } = await dayFigures(trx, actor.businessId, body.location_id, body.day);
      const receiptNo = await writerReceiptNo(trx, actor.businessId);
      await trx
        .insertInto('day_closes')
        .values({
          id: body.id,
          business_id: actor.businessId,
          receipt_no: receiptNo,
          location_id: body.location_id,
          day: body.day,
          expected_cash: total.expected_cash,
          counted_cash: body.counted_cash,
          difference: drawerDifference(body.counted_cash, total.expected_cash),
          figures: JSON.stringify(total),
          note: body.note,
          user_id: actor.userId,
          device_id: actor.deviceId,
          request_hash: hash,
          created_at: actor.at,
        })
        .execute();
      await appendJournal(trx, {
        ...actor.journal,
        docType: 'day_close',
        docId: body.id,
        action: 'day.close',
        detail: {
          receipt_no: receiptNo,
          day: body.day,
          expected_cash: total.expected_cash,
          counted_cash: body.counted_cash,
        },
      });
      return (await loadClose(trx, actor.businessId, { id: body.id }))!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('day_closed', 'This day was already closed', 'day');
    throw err;
  }
}
