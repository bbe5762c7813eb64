import { type Notifications, addDays, businessDay } from '@duka/domain';
import { type Expression, type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { isLowAt } from '../catalog/reorder-products.js';
import { unconfirmedCount } from '../transfers/transfer-totals.js';

type Q = Kysely<Database>;
const DAY_MS = 86_400_000;
/** How far back a day not closed is still reported. */
const DAYS_BACK = 7;

/**
 * The counts, in one statement (issue 21: the sidebar asks every minute for each signed-in admin,
 * and on PostgreSQL each statement was a round trip on a connection of its own): products low on
 * stock (counted here, not read row by row); products with a level below zero somewhere; debtors
 * above their credit limit; references received more than once for one provider (possible only through sync); transfers with no confirmation, all of them
 * and those made since `before`; pending tills; unique values a sync merge replaced since `since`
 * (field_history, ADR 11 §11.1). The transfers' figures come from the business's totals
 * (transfer-totals.ts), less the last day's still waiting (`transfers_unconfirmed`).
 */
type CountArgs = { businessId: string; before: string; since: string };
const counts = (eb: ExpressionBuilder<Database, never>, a: CountArgs) => [
  // domain isLowStock, as the products list's filter has it (reorder-products.ts isLowAt; every
  // location: a product never received is low; stock-definitions.test.ts)
  eb
    .selectFrom('products as p')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('p.business_id', '=', a.businessId)
    .where(isLowAt('p', { businessId: a.businessId }))
    .as('low'),
  // the levels below zero, kept (inventory/below-zero.ts), not every level of the business
  eb
    .selectFrom('stock_below_zero')
    .select((e) => e.fn.count<number>('product_id').distinct().as('n'))
    .where('business_id', '=', a.businessId)
    .as('negative'),
  eb
    .selectFrom('debtors')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('business_id', '=', a.businessId)
    .where('deleted_at', 'is', null)
    // a limit of 0 is no credit (domain overCreditLimit): any debt is over it
    .whereRef('balance', '>', 'credit_limit')
    .as('over'),
  eb
    .selectFrom('transfer_totals')
    .select('references_twice')
    .where('business_id', '=', a.businessId)
    .as('twice'),
  unconfirmedCount(a.businessId).as('unconfirmed'),
  // the last day's, from the transfers kept while they wait (migration 0028), not the register
  eb
    .selectFrom('transfers_unconfirmed')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('business_id', '=', a.businessId)
    .where('created_at', '>=', a.before)
    .as('unconfirmed_recent'),
  eb
    .selectFrom('devices')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('business_id', '=', a.businessId)
    .where('status', '=', 'pending')
    .as('devices'),
  eb
    .selectFrom('field_history')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('business_id', '=', a.businessId)
    .where('reason', '=', 'unique')
    .where('recorded_at', '>=', a.since)
    .as('replaced'),
];
export const countsRead = compiledQuery((db, a: CountArgs) => db.selectNoFrom((eb) => counts(eb, a)));

type DayArgs = { businessId: string; from: string; to: string };
/**
 * The days from `from` to `to` with sales at a location that was not closed that day, the latest
 * first: from the daily sales summary (ADR 6), a row per day, location, cashier and kind, not
 * from every sale of the week.
 */
const daysQuery = (db: Q, a: DayArgs) =>
  db
    .selectFrom('sales_summary_daily as s')
    .innerJoin('locations as l', (j) =>
      j.onRef('l.id', '=', 's.location_id').onRef('l.business_id', '=', 's.business_id'),
    )
    .leftJoin('day_closes as d', (j) =>
      j
        .onRef('d.location_id', '=', 's.location_id')
        .onRef('d.day', '=', 's.day')
        .onRef('d.business_id', '=', 's.business_id'),
    )
    .select(['s.day', 's.location_id', 'l.name as location_name'])
    .distinct()
    .where('s.business_id', '=', a.businessId)
    .where('s.day', '>=', a.from)
    .where('s.day', '<=', a.to)
    .where('s.sales_count', '>', 0)
    .where('d.id', 'is', null)
    .orderBy('s.day', 'desc')
    .orderBy('l.name')
    .orderBy('s.location_id');
const daysNotClosed = compiledQuery(daysQuery);

/**
 * The cash a day's drawer should hold now (domain expectedCash), from what was recorded for the
 * day at the close's location: cash sales less cash reversals (the daily summary, ADR 6), plus
 * cash debtor payments, less cash expenses (voids included, as the day's page counts them).
 */
const expectedNow = (eb: ExpressionBuilder<Database & { c: Database['day_closes'] }, 'c'>) => {
  const sales = eb
    .selectFrom('sales_summary_daily as s')
    .select((e) => e.fn.sum<number>(sql`${e.ref('s.sales_total')} - ${e.ref('s.reversals_total')}`).as('n'))
    .whereRef('s.business_id', '=', 'c.business_id')
    .whereRef('s.location_id', '=', 'c.location_id')
    .whereRef('s.day', '=', 'c.day')
    .where('s.kind', '=', 'cash');
  const paid = eb
    .selectFrom('debtor_payments as p')
    .select((e) => e.fn.sum<number>('p.amount').as('n'))
    .whereRef('p.business_id', '=', 'c.business_id')
    .whereRef('p.location_id', '=', 'c.location_id')
    .whereRef('p.business_day', '=', 'c.day')
    .where('p.method', '=', 'cash');
  const spent = eb
    .selectFrom('expenses as e')
    .select((e) => e.fn.sum<number>('e.amount').as('n'))
    .whereRef('e.business_id', '=', 'c.business_id')
    .whereRef('e.location_id', '=', 'c.location_id')
    .whereRef('e.date', '=', 'c.day')
    .where('e.method', '=', 'cash');
  const zero = eb.lit(0);
  return sql<number>`(${eb.fn.coalesce(sales, zero)} + ${eb.fn.coalesce(paid, zero)} - ${eb.fn.coalesce(spent, zero)})`;
};

/**
 * The closed days from `from` to `to` whose drawer should now hold other cash than at the close:
 * records added for the day afterwards (a till's sales synced late, a sale after an early close,
 * a time zone moved west), which the day's page shows and the owner would otherwise not see.
 */
const changedQuery = (db: Q, a: DayArgs) =>
  db
    .selectFrom('day_closes as c')
    .innerJoin('locations as l', (j) =>
      j.onRef('l.id', '=', 'c.location_id').onRef('l.business_id', '=', 'c.business_id'),
    )
    .select(['c.day', 'c.location_id', 'l.name as location_name'])
    .where('c.business_id', '=', a.businessId)
    .where('c.day', '>=', a.from)
    .where('c.day', '<=', a.to)
    .where((eb) => eb('c.expected_cash', '<>', expectedNow(eb)))
    .orderBy('c.day', 'desc')
    .orderBy('l.name')
    .orderBy('c.location_id');
const daysChanged = compiledQuery(changedQuery);

type DayNotClosed = { day: string; location_id: string; location_name: string };

/** PostgreSQL: a query's days as one JSON array, in the order the lists show them. */
const daysArray = (days: Expression<unknown>) =>
  sql<
    DayNotClosed[]
  >`(select coalesce(json_agg(agg order by agg.day desc, agg.location_name, agg.location_id), '[]') from ${days} as agg)`;

/**
 * PostgreSQL: the counts, the days not closed and the days changed after their close in one
 * statement (one round trip of the admin's minute poll), the days JSON arrays in their order.
 */
const countsAndDays = compiledQuery((db, a: { counts: CountArgs; days: DayArgs; changed: DayArgs }) =>
  db.selectNoFrom((eb) => [
    ...counts(eb, a.counts),
    daysArray(daysQuery(db, a.days)).as('days'),
    daysArray(changedQuery(db, a.changed)).as('changed'),
  ]),
);

/**
 * What needs the owner's attention now. `backup` is the local server's last failure when no
 * backup succeeded after it (null on a hosted server).
 */
export async function notifications(
  db: Q,
  business: { id: string; timezone: string; require_approved_devices: number },
  now: Date,
  backup: Notifications['backup_failing'],
): Promise<Notifications> {
  const today = businessDay(now, business.timezone);
  const businessId = business.id;
  const countArgs = {
    businessId,
    before: new Date(now.getTime() - DAY_MS).toISOString(),
    since: new Date(now.getTime() - DAYS_BACK * DAY_MS).toISOString(),
  };
  const dayArgs = { businessId, from: addDays(today, -DAYS_BACK), to: addDays(today, -1) };
  // today too: a sale after an early close changes today's drawer
  const changedArgs = { ...dayArgs, to: today };
  const [counts, days, changed] =
    dialectOf(db) === 'postgres'
      ? await countsAndDays
          .all(db, { counts: countArgs, days: dayArgs, changed: changedArgs })
          .then(([row]) => [row!, row!.days, row!.changed] as const)
      : await Promise.all([
          countsRead.all(db, countArgs).then(([row]) => row!),
          daysNotClosed.all(db, dayArgs),
          daysChanged.all(db, changedArgs),
        ]);
  return {
    low_stock: Number(counts.low ?? 0),
    negative_stock: Number(counts.negative ?? 0),
    debtors_over_limit: Number(counts.over ?? 0),
    duplicate_references: Number(counts.twice ?? 0),
    // those older than a day: every unconfirmed one but the last day's
    unconfirmed_transfers: Number(counts.unconfirmed ?? 0) - Number(counts.unconfirmed_recent ?? 0),
    days_not_closed: days,
    days_changed_after_close: changed,
    backup_failing: backup,
    // pending tills count only when the business lets approved ones in alone
    devices_waiting: business.require_approved_devices === 1 ? Number(counts.devices ?? 0) : 0,
    replaced_values: Number(counts.replaced ?? 0),
  };
}
