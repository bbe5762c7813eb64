import type {
  Expense,
  ExpenseList,
  expenseBodySchema,
  expenseVoidBodySchema,
  expensesQuerySchema,
} from '@duka/domain';
import { businessDay } from '@duka/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ofBusiness } from '../../db/dialect.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor, Operator } from '../../lib/context.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';
import { lockedBusiness } from '../../lib/tx.js';
import { type ImageSetter, requireOwnImage } from '../files/files.repository.js';
import { requireReadable, scopeIds } from '../inventory/location-scope.js';
import { requireKnownLocation, requireUsableLocation } from '../inventory/stock-rules.js';
import { requireProvider } from '../transfers/transfer-ledger.js';

type Q = Kysely<Database>;
/** The query, with the locations the reader may see (null or absent = all). */
type Filter = z.output<typeof expensesQuerySchema> & { location_ids?: string[] | null };

function expenseQuery(db: Q, businessId: string) {
  return db
    .selectFrom('expenses as e')
    .innerJoin('expense_categories as c', (j) =>
      j.onRef('c.id', '=', 'e.category_id').onRef('c.business_id', '=', 'e.business_id'),
    )
    .innerJoin('locations as l', (j) =>
      j.onRef('l.id', '=', 'e.location_id').onRef('l.business_id', '=', 'e.business_id'),
    )
    .leftJoin('payment_providers as p', (j) =>
      j.onRef('p.id', '=', 'e.provider_id').onRef('p.business_id', '=', 'e.business_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.id', '=', 'e.user_id').onRef('u.business_id', '=', 'e.business_id'),
    )
    .leftJoin('expenses as v', (j) =>
      j.onRef('v.voids_id', '=', 'e.id').onRef('v.business_id', '=', 'e.business_id'),
    )
    .where('e.business_id', '=', businessId);
}

const ROW = [
  'e.id',
  'e.date',
  'e.category_id',
  'c.name as category_name',
  'e.amount',
  'e.method',
  'e.location_id',
  'l.name as location_name',
  'p.name as provider_name',
  'e.reference',
  'e.note',
  'e.image',
  'e.voids_id',
  'v.id as voided_by_id',
  'u.name as user_name',
  'e.created_at',
] as const;

function toExpense(r: {
  id: string;
  date: string;
  category_id: string;
  category_name: string;
  amount: number;
  method: string;
  location_id: string;
  location_name: string;
  provider_name: string | null;
  reference: string | null;
  note: string;
  image: string | null;
  voids_id: string | null;
  voided_by_id: string | null;
  user_name: string | null;
  created_at: string;
}): Expense {
  return {
    ...r,
    amount: Number(r.amount),
    method: r.method as Expense['method'],
    voided_by_id: r.voided_by_id ?? null,
    provider_name: r.provider_name ?? null,
    user_name: r.user_name ?? '',
  };
}

export async function loadExpense(db: Q, businessId: string, id: string): Promise<Expense> {
  const row = await expenseQuery(db, businessId).select(ROW).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Expense');
  return toExpense(row);
}

export async function listExpenses(db: Q, businessId: string, f: Filter): Promise<ExpenseList> {
  let q = expenseQuery(db, businessId);
  if (f.from) q = q.where('e.date', '>=', f.from);
  if (f.to) q = q.where('e.date', '<=', f.to);
  if (f.category_id) q = q.where('e.category_id', '=', f.category_id);
  if (f.location_id) q = q.where('e.location_id', '=', f.location_id);
  if (f.location_ids) q = q.where('e.location_id', 'in', scopeIds(f.location_ids));
  if (f.method) q = q.where('e.method', '=', f.method);
  const [rows, count, byMethod, byCategory] = await Promise.all([
    q
      .select(ROW)
      .orderBy('e.date', 'desc')
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .select(['e.method', (eb) => eb.fn.sum<number>('e.amount').as('s')])
      .groupBy('e.method')
      .execute(),
    q
      .select(['e.category_id', 'c.name', (eb) => eb.fn.sum<number>('e.amount').as('s')])
      .groupBy(['e.category_id', 'c.name'])
      .orderBy('c.name')
      .orderBy('e.category_id')
      .execute(),
  ]);
  const method = (m: string) => Number(byMethod.find((r) => r.method === m)?.s ?? 0);
  return {
    items: rows.map(toExpense),
    total_count: Number(count.n),
    total: method('cash') + method('transfer'),
    by_method: { cash: method('cash'), transfer: method('transfer') },
    by_category: byCategory.map((r) => ({
      category_id: r.category_id,
      name: r.name,
      total: Number(r.s ?? 0),
    })),
  };
}

/** Records an expense: what, how much, paid how and where from, with an optional slip photo. */
export async function recordExpense(
  db: Db,
  actor: Actor & Operator & ImageSetter,
  body: z.output<typeof expenseBodySchema>,
): Promise<Expense> {
  const hash = requestHash(body);
  return db.kysely.transaction().execute(async (trx) => {
    const business = await lockedBusiness(db, trx, actor.businessId);
    if (await isReplay(trx, 'expenses', body.id, actor.businessId, hash, actor.userId))
      return loadExpense(trx, actor.businessId, body.id);
    if (body.date > businessDay(actor.at, business.timezone))
      throw new AppError('validation_failed', 'The date is in the future', 'date');
    const category = await trx
      .selectFrom('expense_categories')
      .select(['id', 'active'])
      .where('id', '=', body.category_id)
      .where('business_id', '=', actor.businessId)
      .executeTakeFirst();
    if (!category || category.active !== 1)
      throw new AppError('validation_failed', 'Unknown or inactive category', 'category_id');
    await requireUsableLocation(trx, actor, body.location_id, 'location_id');
    let providerId: string | null = null;
    if (body.method === 'transfer')
      providerId = (await requireProvider(trx, actor.businessId, body.provider_id, 'provider_id')).id;
    else if (body.provider_id !== undefined || body.reference !== undefined)
      throw new AppError('validation_failed', 'A cash expense has no provider or reference', 'method');
    if (body.image) await requireOwnImage(trx, actor, body.image, 'image');
    await trx
      .insertInto('expenses')
      .values({
        id: body.id,
        business_id: actor.businessId,
        date: body.date,
        category_id: body.category_id,
        amount: body.amount,
        method: body.method,
        location_id: body.location_id,
        provider_id: providerId,
        reference: body.reference ?? null,
        note: body.note,
        image: body.image,
        voids_id: null,
        user_id: actor.userId,
        device_id: actor.deviceId,
        request_hash: hash,
        created_at: actor.at,
      })
      .execute();
    await appendJournal(trx, {
      ...actor.journal,
      docType: 'expense',
      docId: body.id,
      action: 'expense.create',
      detail: { amount: body.amount, method: body.method, date: body.date },
    });
    return loadExpense(trx, actor.businessId, body.id);
  });
}

/**
 * Voids an expense with a new entry of the opposite amount (the first stays as it was), once.
 * Answers the voiding entry.
 */
export async function voidExpense(
  db: Db,
  actor: Actor & Operator & ImageSetter,
  expenseId: string,
  body: z.output<typeof expenseVoidBodySchema>,
): Promise<Expense> {
  const hash = requestHash({ voids_id: expenseId, ...body });
  return db.kysely.transaction().execute(async (trx) => {
    await lockedBusiness(db, trx, actor.businessId);
    if (await isReplay(trx, 'expenses', body.id, actor.businessId, hash, actor.userId))
      return loadExpense(trx, actor.businessId, body.id);
    const original = await trx
      .selectFrom('expenses')
      .selectAll()
      .where('id', '=', expenseId)
      .where('business_id', '=', actor.businessId)
      .executeTakeFirst();
    if (!original) throw notFound('Expense');
    // one at a location the user may not see is not there, as reading it says
    await requireReadable(trx, actor, [original.location_id], 'Expense');
    if (original.voids_id) throw new AppError('validation_failed', 'This entry is itself a void');
    const already = await trx
      .selectFrom('expenses')
      .select('id')
      .where(ofBusiness(trx, 'business_id', actor.businessId))
      .where('voids_id', '=', expenseId)
      .executeTakeFirst();
    if (already) throw new AppError('already_voided', 'This expense was already voided');
    // a deactivated location's expense is still voided (ADR 9: its days take corrections)
    await requireKnownLocation(trx, actor, original.location_id, 'location_id');
    await trx
      .insertInto('expenses')
      .values({
        ...original,
        id: body.id,
        amount: -Number(original.amount),
        note: body.reason,
        image: null,
        voids_id: expenseId,
        user_id: actor.userId,
        device_id: actor.deviceId,
        request_hash: hash,
        created_at: actor.at,
      })
      .execute();
    await appendJournal(trx, {
      ...actor.journal,
      docType: 'expense',
      docId: body.id,
      action: 'expense.void',
      detail: { voids_id: expenseId, amount: -Number(original.amount) },
    });
    return loadExpense(trx, actor.businessId, body.id);
  });
}
