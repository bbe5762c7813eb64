import { normaliseTransferReference, receiptNoCandidates } from '@duka/domain';
import type {
  Provider,
  Transfer,
  TransferList,
  providerInputSchema,
  providerUpdateSchema,
  transfersQuerySchema,
} from '@duka/domain';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { ofBusiness } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';
import { snapshotRecord, stampRecord } from '../../lib/stamps.js';
import { lockBusiness } from '../../lib/tx.js';
import { assertNameFree } from '../../lib/name-lists.js';
import { scopeIds } from '../inventory/location-scope.js';
import { keepConfirmed } from './transfer-totals.js';

type Q = Kysely<Database>;

const toProvider = (r: { id: string; name: string; kind: string; active: number }): Provider => ({
  id: r.id,
  name: r.name,
  kind: r.kind as Provider['kind'],
  active: r.active === 1,
});

export async function listProviders(db: Q, businessId: string): Promise<Provider[]> {
  const rows = await db
    .selectFrom('payment_providers')
    .select(['id', 'name', 'kind', 'active'])
    .where('business_id', '=', businessId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toProvider);
}

export async function createProvider(db: Db, actor: Actor, input: z.output<typeof providerInputSchema>) {
  const id = input.id ?? newId();
  return db.kysely.transaction().execute(async (trx) => {
    await lockBusiness(db, trx, actor.businessId);
    const hash = requestHash(input);
    if (await isReplay(trx, 'payment_providers', id, actor.businessId, hash))
      return toProvider(
        await trx.selectFrom('payment_providers').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      );
    await assertNameFree(
      trx,
      'payment_providers',
      actor.businessId,
      input.name,
      null,
      `${input.name} is already on the list`,
    );
    const row = {
      id,
      business_id: actor.businessId,
      name: input.name,
      kind: input.kind,
      active: 1,
      request_hash: hash,
      created_at: actor.at,
      updated_at: actor.at,
    };
    await trx.insertInto('payment_providers').values(row).execute();
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'payment_provider',
      docId: id,
      action: 'provider.create',
      detail: { name: input.name },
    });
    await stampRecord(trx, actor.businessId, 'payment_provider', id, stamp, null);
    return toProvider(row);
  });
}

export async function updateProvider(
  db: Db,
  actor: Actor,
  id: string,
  patch: z.output<typeof providerUpdateSchema>,
) {
  return db.kysely.transaction().execute(async (trx) => {
    await lockBusiness(db, trx, actor.businessId);
    const row = await trx
      .selectFrom('payment_providers')
      .selectAll()
      .where('id', '=', id)
      .where('business_id', '=', actor.businessId)
      .executeTakeFirst();
    if (!row) throw notFound('Provider');
    const before = await snapshotRecord(trx, actor.businessId, 'payment_provider', id);
    if (patch.name !== undefined)
      await assertNameFree(
        trx,
        'payment_providers',
        actor.businessId,
        patch.name,
        id,
        `${patch.name} is already on the list`,
      );
    await trx
      .updateTable('payment_providers')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.kind !== undefined ? { kind: patch.kind } : {}),
        ...(patch.active !== undefined ? { active: patch.active ? 1 : 0 } : {}),
        updated_at: actor.at,
      })
      .where('id', '=', id)
      .where('business_id', '=', actor.businessId)
      .execute();
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'payment_provider',
      docId: id,
      action: 'provider.update',
      detail: { fields: Object.keys(patch) },
    });
    await stampRecord(trx, actor.businessId, 'payment_provider', id, stamp, before);
    return toProvider({
      ...row,
      ...patch,
      active: patch.active === undefined ? row.active : patch.active ? 1 : 0,
    });
  });
}

function registerQuery(db: Q, businessId: string) {
  return db
    .selectFrom('transfers as t')
    .innerJoin('payment_providers as p', (j) =>
      j.onRef('p.id', '=', 't.provider_id').onRef('p.business_id', '=', 't.business_id'),
    )
    .innerJoin('locations as l', (j) =>
      j.onRef('l.id', '=', 't.location_id').onRef('l.business_id', '=', 't.business_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.id', '=', 't.user_id').onRef('u.business_id', '=', 't.business_id'),
    )
    .leftJoin('transfer_confirmations as c', (j) =>
      j.onRef('c.transfer_id', '=', 't.id').onRef('c.business_id', '=', 't.business_id'),
    )
    .leftJoin('users as cu', (j) =>
      j.onRef('cu.id', '=', 'c.confirmed_by').onRef('cu.business_id', '=', 't.business_id'),
    )
    .where('t.business_id', '=', businessId);
}

const ROW = [
  't.id',
  't.source',
  't.source_id',
  't.receipt_no',
  't.provider_id',
  'p.name as provider_name',
  't.reference',
  't.amount',
  't.location_id',
  'l.name as location_name',
  'u.name as user_name',
  't.business_day',
  't.created_at',
  'c.confirmed_at',
  'cu.name as confirmed_by_name',
] as const;

function toTransfer(r: {
  id: string;
  source: string;
  source_id: string;
  receipt_no: string;
  provider_id: string;
  provider_name: string;
  reference: string;
  amount: number;
  location_id: string;
  location_name: string;
  user_name: string | null;
  business_day: string;
  created_at: string;
  confirmed_at: string | null;
  confirmed_by_name: string | null;
}): Transfer {
  return {
    ...r,
    source: r.source as Transfer['source'],
    amount: Number(r.amount),
    user_name: r.user_name ?? '',
    confirmed_at: r.confirmed_at ?? null,
    confirmed_by_name: r.confirmed_by_name ?? null,
  };
}

export async function loadTransfer(db: Q, businessId: string, id: string): Promise<Transfer> {
  const row = await registerQuery(db, businessId).select(ROW).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Transfer');
  return toTransfer(row);
}

/** The transfers register: filters, one page of rows, and totals confirmed and unconfirmed. */
export async function listTransfers(
  db: Q,
  businessId: string,
  /** The query, with the locations the reader may see (null or absent = all). */
  f: z.output<typeof transfersQuerySchema> & { location_ids?: string[] | null },
): Promise<TransferList> {
  let q = registerQuery(db, businessId);
  if (f.from) q = q.where('t.business_day', '>=', f.from);
  if (f.to) q = q.where('t.business_day', '<=', f.to);
  if (f.provider_id) q = q.where('t.provider_id', '=', f.provider_id);
  if (f.location_id) q = q.where('t.location_id', '=', f.location_id);
  if (f.location_ids) q = q.where('t.location_id', 'in', scopeIds(f.location_ids));
  if (f.source) q = q.where('t.source', '=', f.source);
  if (f.status === 'confirmed') q = q.where('c.transfer_id', 'is not', null);
  if (f.status === 'unconfirmed') q = q.where('c.transfer_id', 'is', null);
  if (f.q) {
    const like = `%${normaliseTransferReference(f.q).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    // A receipt number as people type it: `#000123`, `000123` or `123`.
    q = q.where((eb) =>
      eb.or([
        eb(sql`t.reference`, 'like', sql`${like} escape '\\'`),
        eb('t.receipt_no', 'in', receiptNoCandidates(f.q!)),
      ]),
    );
  }
  const [rows, totals] = await Promise.all([
    q
      .select(ROW)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    // Conditional sums in one row: a parameterised CASE in both SELECT and GROUP BY is two
    // different expressions to PostgreSQL, which then refuses the query.
    q
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('t.amount').as('amount'),
        eb.fn.count<number>('c.transfer_id').as('confirmed_n'),
        eb.fn
          .sum<number>(sql`case when c.transfer_id is null then 0 else t.amount end`)
          .as('confirmed_amount'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const confirmed = { count: Number(totals.confirmed_n), amount: Number(totals.confirmed_amount ?? 0) };
  const unconfirmed = {
    count: Number(totals.n) - confirmed.count,
    amount: Number(totals.amount ?? 0) - confirmed.amount,
  };
  return {
    items: rows.map(toTransfer),
    total_count: confirmed.count + unconfirmed.count,
    confirmed,
    unconfirmed,
  };
}

/** The admin marks a transfer seen on the bank or mobile-money statement; doing it twice is harmless. */
export async function confirmTransfer(db: Db, actor: Actor, id: string): Promise<Transfer> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockBusiness(db, trx, actor.businessId);
    const t = await trx
      .selectFrom('transfers')
      .select(['id', 'business_id', 'created_at', 'receipt_no', 'reference', 'amount'])
      .where('id', '=', id)
      .where('business_id', '=', actor.businessId)
      .executeTakeFirst();
    if (!t) throw notFound('Transfer');
    const done = await trx
      .selectFrom('transfer_confirmations')
      .select('transfer_id')
      .where(ofBusiness(trx, 'business_id', actor.businessId))
      .where('transfer_id', '=', id)
      .executeTakeFirst();
    if (done) return;
    await trx
      .insertInto('transfer_confirmations')
      .values({
        transfer_id: id,
        business_id: actor.businessId,
        confirmed_by: actor.userId,
        confirmed_at: actor.at,
      })
      .execute();
    await keepConfirmed(trx, t);
    await appendJournal(trx, {
      ...actor.journal,
      docType: 'transfer',
      docId: id,
      action: 'transfer.confirm',
      detail: { receipt_no: t.receipt_no, reference: t.reference },
    });
  });
  return loadTransfer(db.kysely, actor.businessId, id);
}
