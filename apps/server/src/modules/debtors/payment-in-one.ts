/**
 * A debtor's payment's reads and writes (payments.service.ts `recordPayment`). On PostgreSQL every
 * statement is a round trip, so there the reads under the business's lock are one statement and
 * the writes another, as a sale's are (issue 21: 11 round trips → 4); the shop's SQLite keeps one
 * statement each.
 */
import { type debtorPaymentBodySchema, formatReceiptNo } from '@duka/domain';
import { type Insertable, type QueryCreator, sql } from 'kysely';
import type { z } from 'zod';
import { compiledQuery } from '../../db/compiled-query.js';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import type { DebtorPaymentsTable, TransfersTable } from '../../db/tables/selling.js';
import { type Operator, limitedToGivenLocations } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { isReplay, replayOf, storedUnder } from '../../lib/idempotency.js';
import {
  type EntryRow,
  type JournalEntryInput,
  appendJournal,
  journalEntryOf,
  withJournalEntry,
} from '../../lib/journal.js';
import type { Actor } from '../../lib/context.js';
import type { Trx } from '../../lib/tx.js';
import { givenTo, requireUsableLocation, sellingLocationOf } from '../inventory/stock-rules.js';
import { bumpedUnlessStored } from '../sync/series.js';
import {
  type ProviderUse,
  type TransferInput,
  type ReferenceAt,
  providerUseAsJson,
  referenceKey,
  recordTransfer,
  transferRow,
} from '../transfers/transfer-ledger.js';
import { type TotalsRow, countedTransfer, withCountedTransfer } from '../transfers/transfer-totals.js';
import {
  type CheckedDebtor,
  type DebtorMove,
  balanceMoved,
  debtorAsJson,
  debtorEntryRow,
  postDebtorEntry,
  requireDebtor,
  withDebtorMove,
} from './debtor-ledger.js';

type Body = z.output<typeof debtorPaymentBodySchema>;
type Creator = QueryCreator<Database>;
const creator = (q: unknown) => q as Creator;

/** What a payment reads before it writes: a retry of an earlier one, or its debtor and location. */
export type PaymentReads =
  | { replay: true }
  | {
      replay: false;
      debtor: CheckedDebtor;
      location: { id: string; name: string };
      /** A transfer payment's provider with the reference's earlier use, when the reads took it (null: none). */
      provider?: ProviderUse | null;
      /** Its receipt number, when the reads took it (PostgreSQL). */
      receiptNo?: string;
    };

/**
 * A payment's reads under its business's lock, checked in this order: whether its id was used
 * already (`isReplay`), its debtor (inactive ones too; a 404 when there is none), and the location
 * it is paid at (`requireUsableLocation`). On PostgreSQL one statement, which also takes the
 * receipt number and, for a transfer, the provider with the reference's earlier use.
 */
export async function paymentReads(
  trx: Trx,
  op: Operator,
  debtorId: string,
  body: Body,
  hash: string,
): Promise<PaymentReads> {
  const businessId = op.businessId;
  if (dialectOf(trx) !== 'postgres') {
    if (await isReplay(trx, 'debtor_payments', body.id, businessId, hash, op.userId)) return { replay: true };
    const debtor = await requireDebtor(trx, businessId, debtorId, 'debtor_id').catch(() => {
      throw notFound('Debtor');
    });
    const location = await requireUsableLocation(trx, op, body.location_id, 'location_id');
    return { replay: false, debtor, location };
  }
  const transfer =
    body.method === 'transfer' && body.provider_id && body.reference
      ? { businessId, providerId: body.provider_id, referenceKey: referenceKey(body.reference) }
      : undefined;
  const first = await readsInOne.first(trx, {
    id: body.id,
    businessId,
    debtorId,
    locationId: body.location_id,
    userId: op.userId ?? '',
    ...(transfer === undefined ? {} : { transfer }),
  });
  if (!first) throw new Error('paymentReads: no such business');
  const earlier =
    first.p_business_id === null
      ? undefined
      : { business_id: first.p_business_id, request_hash: first.p_hash!, user_id: first.p_user_id };
  if (replayOf(earlier, businessId, hash, op.userId)) return { replay: true };
  if (!first.debtor) throw notFound('Debtor');
  const location = sellingLocationOf(
    first.l_id === null
      ? undefined
      : { id: first.l_id, name: first.l_name!, active: first.l_active!, frozen: false },
    limitedToGivenLocations(op) ? first.l_given === true : null,
    'location_id',
  );
  return {
    replay: false,
    debtor: first.debtor,
    location,
    ...(transfer === undefined ? {} : { provider: first.provider ?? null }),
    receiptNo:
      first.receipt_series === null
        ? undefined
        : formatReceiptNo(first.receipt_series, Number(first.receipt_last_no)),
  };
}

/**
 * The business's row (locked already), with the receipt number this server's series gives next
 * (none for a retry, or when the series has no counter yet), the payment stored under the id if
 * any, the debtor (as JSON), the location with whether the user was given it, and a transfer
 * payment's provider with the reference's earlier use (as JSON).
 */
const readsInOne = compiledQuery(
  (
    db,
    a: {
      id: string;
      businessId: string;
      debtorId: string;
      locationId: string;
      userId: string;
      transfer?: ReferenceAt;
    },
  ) =>
    db
      .with('bumped', () => bumpedUnlessStored('debtor_payments', a.businessId, a.id))
      .selectFrom('businesses as b')
      .leftJoin('bumped', (j) => j.onTrue())
      .leftJoinLateral(storedUnder(db, 'debtor_payments', a.id, a.businessId).as('p'), (j) => j.onTrue())
      .leftJoin('locations as l', (j) =>
        j.on('l.id', '=', a.locationId).onRef('l.business_id', '=', 'b.id').on('l.deleted_at', 'is', null),
      )
      .select([
        'bumped.series as receipt_series',
        'bumped.last_no as receipt_last_no',
        'p.business_id as p_business_id',
        'p.request_hash as p_hash',
        'p.user_id as p_user_id',
        'l.id as l_id',
        'l.name as l_name',
        'l.active as l_active',
        givenTo(a.userId).as('l_given'),
        debtorAsJson(a.businessId, a.debtorId).as('debtor'),
        ...(a.transfer === undefined ? [] : [providerUseAsJson(a.transfer).as('provider')]),
      ])
      .where('b.id', '=', a.businessId),
);

/** What a payment's writes are made of besides its request. */
interface PaymentFigures {
  hash: string;
  receiptNo: string;
  day: string;
  providerId: string | null;
  reference: string | null;
}

/**
 * A payment's writes; answers its row: the debtor's entry and balance, the payment, a transfer
 * payment's row in the transfers' register with their totals, and the journal's entry.
 */
export async function writePayment(trx: Trx, actor: Actor, debtorId: string, body: Body, f: PaymentFigures) {
  const debtor = {
    debtorId,
    kind: 'payment' as const,
    amount: -body.amount,
    docId: body.id,
    receiptNo: f.receiptNo,
    businessDay: f.day,
    note: body.note,
  };
  const transfer: TransferInput | undefined =
    f.providerId && f.reference
      ? {
          source: 'debtor_payment',
          sourceId: body.id,
          receiptNo: f.receiptNo,
          providerId: f.providerId,
          reference: f.reference,
          amount: body.amount,
          locationId: body.location_id,
          businessDay: f.day,
        }
      : undefined;
  const journal: JournalEntryInput = {
    ...actor.journal,
    docType: 'debtor_payment',
    docId: body.id,
    action: `debtor.payment_${body.method}`,
    detail: { receipt_no: f.receiptNo, debtor_id: debtorId, amount: body.amount },
  };
  if (dialectOf(trx) !== 'postgres') {
    const row = paymentRow(actor, debtorId, body, f, await postDebtorEntry(trx, actor, debtor));
    await insertPayment.run(trx, { row });
    if (transfer) await recordTransfer(trx, actor, transfer);
    await appendJournal(trx, journal);
    return row;
  }
  const row = paymentRow(actor, debtorId, body, f, 0);
  const { balance_after: _moved, ...withoutBalance } = row;
  const [after] = await paymentInOne.all(trx, {
    row: withoutBalance,
    at: actor.at,
    debtor: { debtorId, amount: debtor.amount, entry: debtorEntryRow(actor, debtor) },
    entry: journalEntryOf(journal),
    ...(transfer ? countedTransfer(transferRow(actor, transfer)) : {}),
  });
  // checked under the business's lock, so it is there; were it not, nothing is kept
  if (after?.balance_after == null) throw new Error(`writePayment: debtor ${debtorId} not moved`);
  row.balance_after = Number(after.balance_after);
  // The business's first journal entry makes its counter (`appendJournal`).
  if (after.journal_seq == null) await appendJournal(trx, journal);
  return row;
}

function paymentRow(actor: Actor, debtorId: string, body: Body, f: PaymentFigures, balanceAfter: number) {
  return {
    id: body.id,
    business_id: actor.businessId,
    receipt_no: f.receiptNo,
    debtor_id: debtorId,
    amount: body.amount,
    method: body.method,
    location_id: body.location_id,
    provider_id: f.providerId,
    reference: f.reference,
    note: body.note,
    balance_after: balanceAfter,
    user_id: actor.userId,
    device_id: actor.deviceId,
    business_day: f.day,
    request_hash: f.hash,
    created_at: actor.at,
  };
}

const insertPayment = compiledQuery((db, a: { row: Insertable<DebtorPaymentsTable> }) =>
  db.insertInto('debtor_payments').values(a.row),
);

/**
 * On PostgreSQL a payment's writes in one statement (a data-modifying `with`): the debtor's
 * balance and entry (`withDebtorMove`), the payment with the balance after it, a transfer
 * payment's row in the register with their totals, and the journal's entry; it answers the
 * balance after and the entry's number (none when the business has no journal counter yet).
 */
const paymentInOne = compiledQuery(
  (
    db,
    a: {
      row: Omit<Insertable<DebtorPaymentsTable>, 'balance_after'>;
      at: string;
      debtor: DebtorMove;
      entry: { now: number; row: EntryRow };
      transfer?: Insertable<TransfersTable>;
      transferTotals?: TotalsRow;
    },
  ) => {
    const paid = creator(
      withDebtorMove(creator(db), a.row.business_id, a).with('paid', (q) =>
        q.insertInto('debtor_payments').values(Object.assign({}, a.row, { balance_after: balanceMoved })),
      ),
    );
    const registered = withCountedTransfer(paid, a);
    return withJournalEntry(registered, a.entry.now, a.entry.row).selectNoFrom([
      balanceMoved.as('balance_after'),
      sql<number | null>`(select "seq" from "journal_entry")`.as('journal_seq'),
    ]);
  },
);
