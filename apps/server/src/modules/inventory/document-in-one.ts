import { type Insertable, type QueryCreator, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import type { Database } from '../../db/tables.js';
import type { StockDocumentLinesTable, StockDocumentsTable } from '../../db/tables/stock.js';
import { type EntryRow, withJournalEntry } from '../../lib/journal.js';
import { type LedgerRows, upsertLevels, withMovements } from './ledger.js';
import { type CostUpdate, withCostUpdates } from './moved-costs.js';

type Creator = QueryCreator<Database>;
const creator = (q: unknown) => q as Creator;

/**
 * On PostgreSQL a stock document's writes in one statement, one round trip instead of three or
 * more (issue 21): a data-modifying `with` holding the document and its lines, the products' costs
 * a receipt or stock found moves (`withCostUpdates`; their journal entries written before, as their
 * stamps need), the stock movements and the document's journal entry with its counter; the
 * statement itself moves the levels and answers their new quantities, with the entry's number (none
 * when the business has no journal counter yet). Which parts there are follows from the arguments
 * (the shape).
 */
export const documentInOne = compiledQuery(
  (
    db,
    a: {
      row: Insertable<StockDocumentsTable>;
      lines: Insertable<StockDocumentLinesTable>[];
      costs: CostUpdate[];
      ledger: Pick<LedgerRows, 'rows' | 'levels'>;
      at: string;
      entry: { now: number; row: EntryRow };
    },
  ) => {
    const q = withCostUpdates(
      creator(
        db
          .with('doc', (c) => c.insertInto('stock_documents').values(a.row).returning('id'))
          .with('doc_lines', (c) => c.insertInto('stock_document_lines').values(a.lines)),
      ),
      a.row.business_id,
      a.costs,
    );
    const all = withJournalEntry(withMovements(q, a.ledger.rows), a.entry.now, a.entry.row);
    return upsertLevels(creator(all), 'postgres', a.ledger.levels, a.at).returning([
      sql<number | null>`(select "seq" from "journal_entry")`.as('journal_seq'),
    ]);
  },
);
