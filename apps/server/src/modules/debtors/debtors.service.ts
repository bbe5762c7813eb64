import {
  type Statement,
  addDays,
  businessDay,
  type debtorInputSchema,
  type debtorUpdateSchema,
  isAdminRole,
} from '@duka/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Database, DebtorRow } from '../../db/tables.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import type { Actor, Operator } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';
import { snapshotRecord, stampRecord } from '../../lib/stamps.js';
import { lockBusiness, lockedBusiness } from '../../lib/tx.js';
import { requireDebtor } from './debtor-ledger.js';
import { debtorSearchKey, findDebtor, toDebtor } from './debtors.repository.js';
import { ofBusiness } from '../../db/dialect.js';

type Input = z.output<typeof debtorInputSchema>;
type Patch = z.output<typeof debtorUpdateSchema>;

/** Adds a debtor. Only an admin sets the credit limit; others get the business's default. */
export async function createDebtor(db: Db, actor: Actor & Operator, input: Input) {
  const admin = isAdminRole(actor.role);
  if (!admin && input.credit_limit !== undefined)
    throw new AppError('forbidden', 'Only an admin sets credit limits', 'credit_limit');
  const id = input.id ?? newId();
  return db.kysely.transaction().execute(async (trx) => {
    const business = await lockedBusiness(db, trx, actor.businessId);
    const hash = requestHash(input);
    if (await isReplay(trx, 'debtors', id, actor.businessId, hash)) {
      const first = await trx
        .selectFrom('debtors')
        .selectAll()
        .where('id', '=', id)
        .where('business_id', '=', actor.businessId)
        .executeTakeFirstOrThrow();
      return toDebtor(first);
    }
    const row: DebtorRow = {
      id,
      business_id: actor.businessId,
      stamps: '{}',
      name: input.name,
      search_key: debtorSearchKey(input),
      phone: input.phone,
      id_number: input.id_number,
      credit_limit: input.credit_limit ?? Number(business.default_credit_limit),
      balance: 0,
      entry_seq: 0,
      active: 1,
      note: input.note,
      last_activity_at: null,
      request_hash: hash,
      created_at: actor.at,
      updated_at: actor.at,
      deleted_at: null,
    };
    await trx.insertInto('debtors').values(row).execute();
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'debtor',
      docId: id,
      action: 'debtor.create',
      detail: { name: input.name, credit_limit: row.credit_limit },
    });
    await stampRecord(trx, actor.businessId, 'debtor', id, stamp, null);
    return toDebtor(row);
  });
}

/** Edits a debtor's details; the credit limit and whether they may buy are an admin's to change. */
export async function updateDebtor(db: Db, actor: Actor & Operator, id: string, patch: Patch) {
  if (!isAdminRole(actor.role) && (patch.credit_limit !== undefined || patch.active !== undefined))
    throw forbidden('Only an admin changes credit limits or deactivates a debtor');
  return db.kysely.transaction().execute(async (trx) => {
    await lockBusiness(db, trx, actor.businessId);
    const current = await requireDebtor(trx, actor.businessId, id, 'id').catch(() => {
      throw notFound('Debtor');
    });
    const before = await snapshotRecord(trx, actor.businessId, 'debtor', id);
    const next = { ...current, ...patch };
    await trx
      .updateTable('debtors')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
        ...(patch.id_number !== undefined ? { id_number: patch.id_number } : {}),
        ...(patch.note !== undefined ? { note: patch.note } : {}),
        ...(patch.credit_limit !== undefined ? { credit_limit: patch.credit_limit } : {}),
        ...(patch.active !== undefined ? { active: patch.active ? 1 : 0 } : {}),
        search_key: debtorSearchKey(next),
        updated_at: actor.at,
      })
      .where('id', '=', id)
      .where('business_id', '=', actor.businessId)
      .execute();
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'debtor',
      docId: id,
      action: 'debtor.update',
      detail: {
        fields: Object.keys(patch),
        ...(patch.credit_limit !== undefined ? { credit_limit: patch.credit_limit } : {}),
      },
    });
    await stampRecord(trx, actor.businessId, 'debtor', id, stamp, before);
    return findDebtor(trx, actor.businessId, id);
  });
}

/**
 * A debtor's entries over business days `from`…`to` in the order the balance moved, each with
 * what a statement shows beside it: a payment's (or a void's, or a pay-out's) method, provider and reference, a
 * payment's void if it was voided, and a void's payment's receipt number (one statement).
 */
function entriesOf(db: Kysely<Database>, businessId: string, debtorId: string, from: string, to: string) {
  return (
    db
      .selectFrom('debtor_entries as e')
      .leftJoin('debtor_payments as p', (j) =>
        j
          .onRef('p.id', '=', 'e.doc_id')
          .onRef('p.business_id', '=', 'e.business_id')
          .on('e.kind', 'in', ['payment', 'payment_void', 'payout']),
      )
      .leftJoin('payment_providers as pp', (j) =>
        j.onRef('pp.id', '=', 'p.provider_id').onRef('pp.business_id', '=', 'p.business_id'),
      )
      // a payment's void (payment-voids.ts)
      .leftJoin('debtor_payments as v', (j) =>
        j
          .onRef('v.voids_id', '=', 'p.id')
          .onRef('v.business_id', '=', 'p.business_id')
          .on('v.voids_id', 'is not', null),
      )
      // a void's payment
      .leftJoin('debtor_payments as o', (j) =>
        j.onRef('o.id', '=', 'p.voids_id').onRef('o.business_id', '=', 'p.business_id'),
      )
      .selectAll('e')
      .select([
        'p.method',
        'p.reference',
        'pp.name as provider_name',
        'v.receipt_no as void_receipt_no',
        'v.note as void_reason',
        'v.created_at as voided_at',
        'o.receipt_no as voids_receipt_no',
      ])
      .where(ofBusiness(db, 'e.business_id', businessId))
      .where('e.debtor_id', '=', debtorId)
      .where('e.business_day', '>=', from)
      .where('e.business_day', '<=', to)
      // The order the balance moved in on this server (ADR 9), not the requests' clocks; entries
      // written before the numbers (migration 0032) are all 0, first, in their old order.
      .orderBy('e.seq')
      .orderBy('e.created_at')
      .orderBy('e.id')
      .execute()
  );
}

type EntryRow = Awaited<ReturnType<typeof entriesOf>>[number];
type StatementEntry = Statement['entries'][number];

/** An entry as the statement shows it, with the balance after it. */
function statementEntry(r: EntryRow, balance: number): StatementEntry {
  return {
    id: r.id,
    kind: r.kind as StatementEntry['kind'],
    receipt_no: r.receipt_no,
    amount: Number(r.amount),
    balance,
    note: r.note,
    created_at: r.created_at,
    method: (r.method ?? null) as StatementEntry['method'],
    provider_name: r.provider_name ?? null,
    reference: r.reference ?? null,
    payment_id: r.kind === 'payment' ? r.doc_id : null,
    voided:
      r.void_receipt_no == null
        ? null
        : { receipt_no: r.void_receipt_no, reason: r.void_reason ?? '', created_at: r.voided_at ?? '' },
    voids_receipt_no: r.voids_receipt_no ?? null,
  };
}

/** A debtor's statement over business days `from`…`to`: opening balance, entries, running balance. */
export async function statementOf(
  db: Kysely<Database>,
  businessId: string,
  debtorId: string,
  from: string,
  to: string,
): Promise<Statement> {
  if (to < from) throw new AppError('validation_failed', 'The end of the range is before its start', 'to');
  const debtor = await findDebtor(db, businessId, debtorId);
  const [opening, rows] = await Promise.all([
    db
      .selectFrom('debtor_entries')
      .select((eb) => eb.fn.sum<number>('amount').as('s'))
      .where(ofBusiness(db, 'business_id', businessId))
      .where('debtor_id', '=', debtorId)
      .where('business_day', '<', from)
      .executeTakeFirstOrThrow(),
    entriesOf(db, businessId, debtorId, from, to),
  ]);
  let balance = Number(opening.s ?? 0);
  const openingBalance = balance;
  const entries = rows.map((r) => statementEntry(r, (balance += Number(r.amount))));
  return { debtor, from, to, opening_balance: openingBalance, closing_balance: balance, entries };
}

/** Today in the business's time zone, and 30 days before: a statement's default range. */
export function defaultRange(now: Date, timeZone: string): { from: string; to: string } {
  const to = businessDay(now, timeZone);
  return { from: addDays(to, -30), to };
}
