/**
 * The writes of a reversal, after every check passed, in `reverseSale`'s one transaction: the
 * stock comes back, a debtor reversal's entry, the reversal and its lines, the report summaries,
 * a transfer reversal's refund in the register and the journal row: a sale's steps
 * (`sale-writes.ts`) with the sign turned. On PostgreSQL they are one statement (`reversalInOne`).
 */
import type { Reversal, SaleKind, reversalBodySchema } from '@duka/domain';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import { compiledQuery } from '../../db/compiled-query.js';
import type { DialectName } from '../../db/dialect.js';
import type { SaleLineRow, SaleRow } from '../../db/tables.js';
import type { SaleReversalLinesTable, SaleReversalsTable } from '../../db/tables/selling.js';
import type { Actor } from '../../lib/context.js';
import { journalEntryOf } from '../../lib/journal.js';
import type { Trx } from '../../lib/tx.js';
import { debtorEntryRow, postDebtorEntry } from '../debtors/debtor-ledger.js';
import { keepBelowZero } from '../inventory/below-zero.js';
import { MOVEMENTS_PER_INSERT, ledgerRows, movedBy, postMovements } from '../inventory/ledger.js';
import {
  type ProductsOnHand,
  averagedCosts,
  costUpdates,
  movedCosts,
  writeMovedCosts,
} from '../inventory/moved-costs.js';
import { addToSummaries, summaryRows } from '../reports/summaries.js';
import { transferRow } from '../transfers/transfer-ledger.js';
import { countedTransfer } from '../transfers/transfer-totals.js';
import type { ReversalLine } from './reversal-checks.js';
import type { ReversalNames } from './reversal-reads.js';
import { reversalInOne } from './sale-in-one.js';
import {
  debtorInput,
  journal,
  journalInput,
  movements,
  summaryOf,
  transferInput,
  transferOf,
  withoutBalance,
} from './sale-writes.js';

type Body = z.output<typeof reversalBodySchema>;

const insertReversalRow = compiledQuery((db, a: { row: Insertable<SaleReversalsTable> }) =>
  db.insertInto('sale_reversals').values(a.row),
);
const insertReversalLines = compiledQuery((db, a: { lines: Insertable<SaleReversalLinesTable>[] }) =>
  db.insertInto('sale_reversal_lines').values(a.lines),
);

interface ReversalFigures {
  kind: SaleKind;
  receiptNo: string;
  day: string;
  lines: ReversalLine[];
  reference: string | null;
  dialect: DialectName;
  /** The sale's products and their stock on hand before the goods come back. */
  stock: ProductsOnHand;
}

/**
 * A reversal's writes; answers its row. Goods come back whatever the level was (no refusal below
 * zero), at the unit cost they left with, and move their product's average cost as a receipt's
 * would (`averagedCosts`: journaled first, one statement on PostgreSQL, their updates part of the
 * one statement of writes).
 */
export async function writeReversal(
  trx: Trx,
  actor: Actor,
  sale: SaleRow,
  body: Body,
  hash: string,
  r: ReversalFigures,
) {
  const total = r.lines.reduce((s, l) => s + l.amount, 0);
  const detail = { receipt_no: r.receiptNo, sale_receipt_no: sale.receipt_no, total, lines: r.lines.length };
  const debtor =
    sale.debtor_id === null
      ? undefined
      : debtorInput('reversal', body.id, sale.debtor_id, {
          total,
          receiptNo: r.receiptNo,
          day: r.day,
          note: body.reason,
        });
  const moves = movements('reversal', body.id, sale.location_id, r.lines, body.reason);
  const moved = averagedCosts(r.stock.products, r.stock.onHand, r.lines);
  const costs = await movedCosts(trx, actor, moved, { reversal_id: body.id });
  const lines = r.lines.map(({ unit_cost: _unitCost, discount: _discount, ...l }) => l);
  const ledger =
    r.dialect === 'postgres' && moves.length <= MOVEMENTS_PER_INSERT
      ? ledgerRows(actor, moves, r.day)
      : undefined;
  if (!ledger || ledger.levels.length === 0) {
    await writeMovedCosts(trx, actor.businessId, costs);
    await postMovements(trx, actor, moves, { dialect: r.dialect, day: r.day, allowNegative: true });
    const balanceAfter = debtor ? await postDebtorEntry(trx, actor, debtor) : null;
    const row = reversalRow(actor, sale, body, hash, r, balanceAfter);
    await insertReversalRow.run(trx, { row });
    await insertReversalLines.run(trx, { lines });
    await addToSummaries(trx, 'reversal', summaryOf(actor, row, r.lines));
    await transferOf(trx, actor, 'reversal', row);
    await journal(trx, actor, 'reversal', row, detail);
    return row;
  }
  const row = reversalRow(actor, sale, body, hash, r, null);
  const transfer = transferInput('reversal', row);
  const after = await reversalInOne.all(trx, {
    row: debtor ? withoutBalance(row) : row,
    lines,
    summary: summaryRows('reversal', summaryOf(actor, row, r.lines)),
    ledger: { rows: ledger.rows, levels: ledger.levels },
    costs: costUpdates(costs),
    at: actor.at,
    entry: journalEntryOf(journalInput(actor, 'reversal', row, detail)),
    ...(debtor
      ? { debtor: { debtorId: debtor.debtorId, amount: debtor.amount, entry: debtorEntryRow(actor, debtor) } }
      : {}),
    ...(transfer ? countedTransfer(transferRow(actor, transfer)) : {}),
  });
  await keepBelowZero(trx, actor.businessId, after, movedBy(ledger.deltas));
  if (debtor) {
    const balance = after[0]?.debtor_balance_after;
    // the sale's debtor row is kept (a debtor is deleted only with a balance of zero, and then
    // softly); were it not, nothing is kept
    if (balance == null) throw new Error(`writeReversal: debtor ${debtor.debtorId} not moved`);
    row.debtor_balance_after = Number(balance);
  }
  // The business's first journal entry makes its counter (`appendJournal`).
  if (after[0]?.journal_seq == null) await journal(trx, actor, 'reversal', row, detail);
  return row;
}

/** The reversal's row (its lines' money totalled; the discount is the share of the sale's that came back). */
function reversalRow(
  actor: Actor,
  sale: SaleRow,
  body: Body,
  hash: string,
  r: ReversalFigures,
  balanceAfter: number | null,
) {
  return {
    id: body.id,
    business_id: actor.businessId,
    receipt_no: r.receiptNo,
    sale_id: sale.id,
    kind: r.kind,
    location_id: sale.location_id,
    reason: body.reason,
    total: r.lines.reduce((s, l) => s + l.amount, 0),
    tax: r.lines.reduce((s, l) => s + l.tax, 0),
    cost: r.lines.reduce((s, l) => s + l.cost, 0),
    discount: r.lines.reduce((s, l) => s + l.discount, 0),
    debtor_id: sale.debtor_id,
    debtor_balance_after: balanceAfter,
    provider_id: sale.provider_id,
    reference: r.reference,
    user_id: actor.userId,
    device_id: actor.deviceId,
    business_day: r.day,
    request_hash: hash,
    created_at: actor.at,
  };
}

/**
 * The answer to a reversal, from what was written (the shape `loadReversal` reads back for a
 * retry): two reads fewer.
 */
export function reversalAnswer(
  row: ReturnType<typeof reversalRow>,
  sale: SaleRow,
  lines: ReversalLine[],
  saleLines: SaleLineRow[],
  names: ReversalNames & { location: string; user: string },
): Reversal {
  const sold = new Map(saleLines.map((l) => [l.line_no, l]));
  return {
    id: row.id,
    receipt_no: row.receipt_no,
    sale_id: sale.id,
    sale_receipt_no: sale.receipt_no,
    kind: row.kind,
    location_id: row.location_id,
    location_name: names.location,
    reason: row.reason,
    total: row.total,
    tax: row.tax,
    reference: row.reference,
    provider_name: names.provider,
    debtor_id: row.debtor_id,
    debtor_name: names.debtor,
    debtor_balance_after: row.debtor_balance_after,
    user_id: row.user_id,
    user_name: names.user,
    business_day: row.business_day,
    created_at: row.created_at,
    lines: lines.map((l) => {
      const s = sold.get(l.sale_line_no)!;
      return {
        line_no: l.line_no,
        sale_line_no: l.sale_line_no,
        product_id: l.product_id,
        name: s.name,
        unit: s.unit,
        quantity: l.quantity,
        unit_price: Number(s.unit_price),
        amount: l.amount,
        tax: l.tax,
        tax_rate: Number(s.tax_rate),
      };
    }),
  };
}
