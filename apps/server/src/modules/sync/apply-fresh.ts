import { sql } from 'kysely';
import type { Trx } from '../../lib/tx.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import type { QuarantineReason } from '@duka/domain';
import type { SyncDocument } from './documents.js';
import { refersTo, rowIds } from './receipt-clash.js';

/** Rows written by a batch, by table: what the derived tables move with. */
export type Written = Map<string, Record<string, unknown>[]>;

type Write = (docs: SyncDocument[], into: Written) => Promise<void>;

function addInto(written: Written, rows: Written): void {
  for (const [table, list] of rows) written.set(table, [...(written.get(table) ?? []), ...list]);
}

/**
 * Runs `write` in a savepoint: on a unique clash (`value_taken`) or a row naming one the business
 * does not hold (`missing_reference`), everything it wrote is undone and the reason answered.
 */
async function tried(trx: Trx, name: string, write: () => Promise<void>): Promise<QuarantineReason | null> {
  await sql.raw(`savepoint ${name}`).execute(trx);
  try {
    await write();
  } catch (err) {
    const reason = isUniqueViolation(err)
      ? 'value_taken'
      : isForeignKeyViolation(err)
        ? 'missing_reference'
        : null;
    if (!reason) throw err;
    await sql.raw(`rollback to savepoint ${name}`).execute(trx);
    await sql.raw(`release savepoint ${name}`).execute(trx);
    return reason;
  }
  await sql.raw(`release savepoint ${name}`).execute(trx);
  return null;
}

/**
 * Writes a batch's new documents, the last guard of sync (ADR 11 §11.2): one the checks before it
 * did not foresee that clashes with a unique value here (a transfer's reference taken on both
 * servers apart, a value the schema holds once that no rule names) or names a row the business
 * does not hold (a foreign key no check before covers) would fail the whole batch, and every batch
 * after it for good, in both directions. So the batch is written in one go, and should it fail so,
 * again one document at a time, each in its own savepoint: the documents that fail are answered to
 * be set aside (`value_taken`, `missing_reference`), with any that refers to one of them
 * (`missing_reference`), and the rest are written.
 */
export async function writeFresh(
  trx: Trx,
  fresh: SyncDocument[],
  write: Write,
  written: Written,
): Promise<{ kept: SyncDocument[]; clashed: { doc: SyncDocument; reason: QuarantineReason }[] }> {
  if (fresh.length === 0) return { kept: fresh, clashed: [] };
  const all: Written = new Map();
  if ((await tried(trx, 'sync_fresh', () => write(fresh, all))) === null) {
    addInto(written, all);
    return { kept: fresh, clashed: [] };
  }
  const kept: SyncDocument[] = [];
  const clashed: { doc: SyncDocument; reason: QuarantineReason }[] = [];
  const withheld = new Set<string>();
  for (const doc of fresh) {
    const one: Written = new Map();
    const reason = refersTo(doc, withheld)
      ? 'missing_reference'
      : await tried(trx, 'sync_fresh_one', () => write([doc], one));
    if (reason === null) {
      addInto(written, one);
      kept.push(doc);
    } else {
      clashed.push({ doc, reason });
      rowIds(doc.body, withheld);
    }
  }
  return { kept, clashed };
}
