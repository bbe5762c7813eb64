/**
 * What sync sends for each journal document type (ADR 11 §1): the tables that make up the
 * document and how their rows are found from its id. One list drives reading documents on the
 * sender, checking and writing them on the receiver, and the order they are written in.
 */

/** One table of a document: its rows are those whose `by` column holds the document's id. */
export interface DocPart {
  table: string;
  by: string;
  /** The row's key (sorting and, for child sets, replacing). */
  key: readonly string[];
  /** Whether the table has a business_id column (the receiver writes its own). */
  scoped: boolean;
  /**
   * How an edited document's child rows are merged: `replace` (a set such as barcodes: the
   * incoming set is the truth) or `union` (history rows such as prices: rows are only added).
   * The first part of a document is its main row and is updated in place.
   */
  children?: 'replace' | 'union';
  /** Columns that never travel: each server's own, or derived by the receiver from other rows. */
  omit?: readonly string[];
}

export interface DocSpec {
  type: string;
  /** Ledger documents are facts: same id, same content, forever. Edited records change. */
  kind: 'ledger' | 'edited';
  parts: readonly DocPart[];
  /** Other documents the body refers to that may have been created after it was first sent. */
  refs?: (body: DocBody) => { type: string; id: string }[];
  /** Something a person recognises the document by (a receipt number, a name). */
  label?: (body: DocBody) => string;
}

type Row = Record<string, unknown>;
/** A document's rows by table. */
export type DocBody = Record<string, Row[]>;

const main = (table: string, omit?: readonly string[]): DocPart => ({
  table,
  by: 'id',
  key: ['id'],
  scoped: true,
  ...(omit ? { omit } : {}),
});
const child = (
  table: string,
  by: string,
  key: readonly string[],
  children?: DocPart['children'],
): DocPart => ({
  table,
  by,
  key,
  scoped: true,
  ...(children ? { children } : {}),
});
const first = (body: DocBody, table: string): Row | undefined => body[table]?.[0];
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const receiptOf = (table: string) => (b: DocBody) => text(first(b, table)?.receipt_no);
const nameOf = (table: string) => (b: DocBody) => text(first(b, table)?.name);

/**
 * Movements, debtor entries and transfer rows belong to the sale, reversal or payment they name.
 * A debtor entry's `seq` is its place in the order this server wrote its debtor's entries in
 * (ADR 9): each server's own, numbered by the receiver as it writes them. A movement's business day
 * (migration 0038) is given by the receiver too (`movement-days.ts`): the documents stay as they were.
 */
const movements: DocPart = { ...child('stock_movements', 'doc_id', ['id']), omit: ['business_day'] };
const debtorEntries: DocPart = { ...child('debtor_entries', 'doc_id', ['id']), omit: ['seq'] };
const transferRows = child('transfers', 'source_id', ['id']);

/**
 * In the order documents are written on the receiver: a document comes after every type it may
 * refer to (foreign keys), and documents of one type keep the order of their first mention.
 */
export const DOC_SPECS: readonly DocSpec[] = [
  {
    type: 'business',
    kind: 'edited',
    parts: [
      {
        table: 'businesses',
        by: 'id',
        key: ['id'],
        scoped: false,
        omit: ['printer_host', 'printer_port', 'status'],
      },
      { table: 'business_keys', by: 'business_id', key: ['business_id'], scoped: true, children: 'union' },
    ],
    label: nameOf('businesses'),
  },
  { type: 'location', kind: 'edited', parts: [main('locations')], label: nameOf('locations') },
  {
    type: 'user',
    kind: 'edited',
    parts: [main('users'), child('user_locations', 'user_id', ['location_id'], 'replace')],
    refs: (b) => {
      const ids = new Set<string>();
      const home = first(b, 'users')?.home_location_id;
      if (typeof home === 'string') ids.add(home);
      for (const r of b.user_locations ?? []) ids.add(String(r.location_id));
      return [...ids].map((id) => ({ type: 'location', id }));
    },
    label: (b) => text(first(b, 'users')?.username),
  },
  { type: 'file', kind: 'ledger', parts: [main('files')], label: nameOf('files') },
  { type: 'supplier', kind: 'edited', parts: [main('suppliers')], label: nameOf('suppliers') },
  {
    type: 'payment_provider',
    kind: 'edited',
    parts: [main('payment_providers')],
    label: nameOf('payment_providers'),
  },
  {
    type: 'expense_category',
    kind: 'edited',
    parts: [main('expense_categories')],
    label: nameOf('expense_categories'),
  },
  {
    type: 'debtor',
    kind: 'edited',
    // The balance and its count of entries are derived from the entries where they are written.
    parts: [main('debtors', ['balance', 'last_activity_at', 'entry_seq'])],
    label: nameOf('debtors'),
  },
  {
    type: 'product',
    kind: 'edited',
    parts: [
      main('products'),
      child('product_barcodes', 'product_id', ['barcode'], 'replace'),
      child('product_prices', 'product_id', ['id'], 'union'),
    ],
    label: nameOf('products'),
  },
  {
    type: 'stock_count',
    kind: 'edited',
    parts: [
      main('stock_counts'),
      {
        table: 'stock_count_expected',
        by: 'count_id',
        key: ['product_id'],
        scoped: true,
        children: 'union',
      },
      { ...movements, children: 'union' },
    ],
  },
  { type: 'stock_count_entry', kind: 'ledger', parts: [main('stock_count_entries')] },
  {
    type: 'stock_document',
    kind: 'ledger',
    parts: [main('stock_documents'), child('stock_document_lines', 'document_id', ['line_no']), movements],
    label: (b) => text(first(b, 'stock_documents')?.invoice_number),
  },
  {
    type: 'sale',
    kind: 'ledger',
    parts: [
      main('sales'),
      child('sale_lines', 'sale_id', ['line_no']),
      movements,
      debtorEntries,
      transferRows,
    ],
    label: receiptOf('sales'),
  },
  {
    type: 'reversal',
    kind: 'ledger',
    parts: [
      main('sale_reversals'),
      child('sale_reversal_lines', 'reversal_id', ['line_no']),
      movements,
      debtorEntries,
      transferRows,
    ],
    label: receiptOf('sale_reversals'),
  },
  {
    type: 'debtor_payment',
    kind: 'ledger',
    parts: [main('debtor_payments'), debtorEntries, transferRows],
    label: receiptOf('debtor_payments'),
  },
  {
    type: 'transfer',
    kind: 'ledger',
    parts: [{ table: 'transfer_confirmations', by: 'transfer_id', key: ['transfer_id'], scoped: true }],
  },
  { type: 'expense', kind: 'ledger', parts: [main('expenses')] },
  { type: 'day_close', kind: 'ledger', parts: [main('day_closes')], label: receiptOf('day_closes') },
];

export const SPEC_BY_TYPE: ReadonlyMap<string, DocSpec> = new Map(DOC_SPECS.map((s) => [s.type, s]));
/** Where a type comes in the writing order. */
export const TYPE_RANK: ReadonlyMap<string, number> = new Map(DOC_SPECS.map((s, i) => [s.type, i]));

/** Journal document types that travel as entries only: each server's own sign-ins and devices. */
export const ENTRY_ONLY_TYPES: ReadonlySet<string> = new Set(['session', 'device']);
