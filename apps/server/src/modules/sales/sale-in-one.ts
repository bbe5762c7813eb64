import { type Insertable, type QueryCreator, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import type { Database } from '../../db/tables.js';
import type {
  DebtorEntriesTable,
  SaleLinesTable,
  SalesTable,
  TransfersTable,
} from '../../db/tables/selling.js';
import { type EntryRow, withJournalEntry } from '../../lib/journal.js';
import { type LedgerRows, upsertLevels, withMovements } from '../inventory/ledger.js';
import { type SummaryRows, withSummaries } from '../reports/summaries.js';
import { type TotalsRow, addToTotals } from '../transfers/transfer-totals.js';
import { soldCartDelete } from '../work-drafts/work-drafts.repository.js';

type Creator = QueryCreator<Database>;
const creator = (q: unknown) => q as Creator;

/** A debtor sale's move of the debtor's balance and its entry in the debtors' ledger. */
export interface DebtorMove {
  debtorId: string;
  amount: number;
  entry: Insertable<DebtorEntriesTable>;
}

/**
 * On PostgreSQL a sale's writes in one statement, one round trip instead of six (issue 21): a
 * data-modifying `with` holding the drop of the cart it was rung up in, a debtor sale's move of
 * the debtor's balance and its entry in the debtors' ledger, the sale (a debtor sale's balance
 * after it taken from that move), its lines, the report summaries, a transfer sale's entry in the
 * transfers' register with its totals, the stock movements and the journal's entry with its
 * counter; the statement itself moves the stock levels and answers their new quantities, with the
 * entry's number (none when the business has no journal counter yet) and a debtor sale's balance
 * after it (none when no debtor row moved). The lines' foreign key to the sale is checked at the
 * statement's end. Which parts there are follows from which arguments are present (the shape).
 */
export const saleInOne = compiledQuery(
  (
    db,
    a: {
      row: Insertable<SalesTable> & { id: string };
      lines: Insertable<SaleLinesTable>[];
      summary: SummaryRows;
      ledger: Pick<LedgerRows, 'rows' | 'levels'>;
      at: string;
      entry: { now: number; row: EntryRow };
      debtor?: DebtorMove;
      /** A transfer sale's row in the transfers' register, and what it adds to their totals. */
      transfer?: Insertable<TransfersTable>;
      transferTotals?: TotalsRow;
    },
  ) => {
    const dropped = creator(
      db.with('dropped', (q) => soldCartDelete(q, a.row.business_id, a.row.id).returning('id')),
    );
    const { debtor } = a;
    const debited = debtor
      ? creator(
          dropped
            .with('debited', (q) =>
              q
                .updateTable('debtors')
                .set({ balance: sql<number>`"balance" + ${debtor.amount}`, last_activity_at: a.at })
                .where('id', '=', debtor.debtorId)
                .where('business_id', '=', a.row.business_id)
                .returning('balance'),
            )
            .with('debtor_entry', (q) => q.insertInto('debtor_entries').values(debtor.entry)),
        )
      : dropped;
    const row = debtor
      ? { ...a.row, debtor_balance_after: sql<number>`(select "balance" from "debited")` }
      : a.row;
    const sold = creator(
      withSummaries(
        creator(debited.with('sold', (q) => q.insertInto('sales').values(row).returning('id'))),
        a.summary,
      ).with('lines', (q) => q.insertInto('sale_lines').values(a.lines)),
    );
    const { transfer } = a;
    const sale = transfer
      ? creator(
          sold
            .with('transferred', (q) => q.insertInto('transfers').values(transfer))
            .with('transfer_totalled', (q) => addToTotals(creator(q), a.transferTotals!)),
        )
      : sold;
    const all = withJournalEntry(withMovements(sale, a.ledger.rows), a.entry.now, a.entry.row);
    return upsertLevels(creator(all), 'postgres', a.ledger.levels, a.at).returning([
      sql<number | null>`(select "seq" from "journal_entry")`.as('journal_seq'),
      ...(debtor
        ? [sql<number | string | null>`(select "balance" from "debited")`.as('debtor_balance_after')]
        : []),
    ]);
  },
);
