import {
  type DebtorPayment,
  type Statement,
  addDays,
  businessDay,
  type debtorInputSchema,
  type debtorPaymentBodySchema,
  type debtorUpdateSchema,
  formatMoney,
  isAdminRole,
  overpays,
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
import { writerReceiptNo } from '../sync/series.js';
import { type Trx, lockBusiness, lockedBusiness } from '../../lib/tx.js';
import { requireUsableLocation } from '../inventory/stock-rules.js';
import { recordTransfer, requireTransferIn } from '../transfers/transfer-ledger.js';
import { postDebtorEntry, requireDebtor } from './debtor-ledger.js';
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

export async function loadPayment(
  db: Kysely<Database>,
  businessId: string,
  id: string,
): Promise<DebtorPayment> {
  const p = await db
    .selectFrom('debtor_payments')
    .innerJoin('debtors', 'debtors.id', 'debtor_payments.debtor_id')
    .innerJoin('locations', 'locations.id', 'debtor_payments.location_id')
    .leftJoin('payment_providers', 'payment_providers.id', 'debtor_payments.provider_id')
    .leftJoin('users', 'users.id', 'debtor_payments.user_id')
    .selectAll('debtor_payments')
    .select([
      'debtors.name as debtor_name',
      'locations.name as location_name',
      'payment_providers.name as provider_name',
      'users.name as user_name',
    ])
    .where('debtor_payments.id', '=', id)
    .where('debtor_payments.business_id', '=', businessId)
    .executeTakeFirst();
  if (!p) throw notFound('Payment');
  return {
    id: p.id,
    receipt_no: p.receipt_no,
    debtor_id: p.debtor_id,
    debtor_name: p.debtor_name,
    amount: Number(p.amount),
    method: p.method as DebtorPayment['method'],
    location_id: p.location_id,
    location_name: p.location_name,
    provider_name: p.provider_name,
    reference: p.reference,
    note: p.note,
    balance_after: Number(p.balance_after),
    user_name: p.user_name ?? '',
    business_day: p.business_day,
    created_at: p.created_at,
  };
}

/** A transfer payment names its provider and an unused reference; a cash payment names neither. */
async function checkPaymentMethod(
  trx: Trx,
  businessId: string,
  body: z.output<typeof debtorPaymentBodySchema>,
): Promise<{ providerId: string | null; reference: string | null }> {
  if (body.method === 'transfer') {
    const { provider, reference } = await requireTransferIn(
      trx,
      businessId,
      body.provider_id,
      body.reference,
    );
    return { providerId: provider.id, reference };
  }
  if (body.provider_id !== undefined || body.reference !== undefined)
    throw new AppError('validation_failed', 'A cash payment has no provider or reference', 'method');
  return { providerId: null, reference: null };
}

/**
 * Records money a debtor paid back, in cash or by transfer (then with its provider and
 * reference, which joins the transfers register). Never more than they owe.
 */
export async function recordPayment(
  db: Db,
  actor: Actor & Operator,
  debtorId: string,
  body: z.output<typeof debtorPaymentBodySchema>,
): Promise<DebtorPayment> {
  const hash = requestHash({ debtor_id: debtorId, ...body });
  return db.kysely.transaction().execute(async (trx) => {
    const business = await lockedBusiness(db, trx, actor.businessId);
    if (await isReplay(trx, 'debtor_payments', body.id, actor.businessId, hash))
      return loadPayment(trx, actor.businessId, body.id);
    const debtor = await requireDebtor(trx, actor.businessId, debtorId, 'debtor_id').catch(() => {
      throw notFound('Debtor');
    });
    await requireUsableLocation(trx, actor, body.location_id, 'location_id');
    const balance = Number(debtor.balance);
    if (overpays(balance, body.amount))
      throw new AppError(
        'overpayment',
        `${debtor.name} owes ${formatMoney(Math.max(balance, 0), business.currency, 'en')}: the payment is more than that`,
        'amount',
      );
    const { providerId, reference } = await checkPaymentMethod(trx, actor.businessId, body);
    const day = businessDay(actor.at, business.timezone);
    const receiptNo = await writerReceiptNo(trx, actor.businessId);
    const balanceAfter = await postDebtorEntry(trx, actor, {
      debtorId,
      kind: 'payment',
      amount: -body.amount,
      docId: body.id,
      receiptNo,
      businessDay: day,
      note: body.note,
    });
    await trx
      .insertInto('debtor_payments')
      .values({
        id: body.id,
        business_id: actor.businessId,
        receipt_no: receiptNo,
        debtor_id: debtorId,
        amount: body.amount,
        method: body.method,
        location_id: body.location_id,
        provider_id: providerId,
        reference,
        note: body.note,
        balance_after: balanceAfter,
        user_id: actor.userId,
        device_id: actor.deviceId,
        business_day: day,
        request_hash: hash,
        created_at: actor.at,
      })
      .execute();
    if (providerId && reference)
      await recordTransfer(trx, actor, {
        source: 'debtor_payment',
        sourceId: body.id,
        receiptNo,
        providerId,
        reference,
        amount: body.amount,
        locationId: body.location_id,
        businessDay: day,
      });
    await appendJournal(trx, {
      ...actor.journal,
      docType: 'debtor_payment',
      docId: body.id,
      action: `debtor.payment_${body.method}`,
      detail: { receipt_no: receiptNo, debtor_id: debtorId, amount: body.amount },
    });
    return loadPayment(trx, actor.businessId, body.id);
  });
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
    db
      .selectFrom('debtor_entries')
      .selectAll()
      .where(ofBusiness(db, 'business_id', businessId))
      .where('debtor_id', '=', debtorId)
      .where('business_day', '>=', from)
      .where('business_day', '<=', to)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  let balance = Number(opening.s ?? 0);
  const openingBalance = balance;
  const entries = rows.map((r) => {
    balance += Number(r.amount);
    return {
      id: r.id,
      kind: r.kind as Statement['entries'][number]['kind'],
      receipt_no: r.receipt_no,
      amount: Number(r.amount),
      balance,
      note: r.note,
      created_at: r.created_at,
    };
  });
  return { debtor, from, to, opening_balance: openingBalance, closing_balance: balance, entries };
}

/** Today in the business's time zone, and 30 days before: a statement's default range. */
export function defaultRange(now: Date, timeZone: string): { from: string; to: string } {
  const to = businessDay(now, timeZone);
  return { from: addDays(to, -30), to };
}
