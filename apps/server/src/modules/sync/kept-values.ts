/**
 * Values a sync would bring where this server's data stands in the way (ADR 11 §11.5), as a PATCH
 * here would be refused (kept-rules.ts: the currency once amounts are kept in it, a product's
 * unit once its stock moved, a product or a location deactivated while stock or a count stands
 * there, the last active admin deactivated or demoted). The server keeps its value as an edit of its own: journaled (`<doc>.kept`) and stamped
 * past the refused change, so the kept value wins on every server at the next sync, and marked
 * (`!group`, merge.ts `KEPT`) so no server refuses it back (where both sides stand in the way, the
 * first kept value stands). Both ends list the refused value in the record's replaced values,
 * under the rule's reason.
 */
import { formatStamp, stampAfter } from '@duka/domain';
import type { Trx } from '../../lib/tx.js';
import { appendJournal } from '../../lib/journal.js';
import type { DocBody } from './doc-specs.js';
import { recordLosses } from './history.js';
import { type KeepRule, KEEP_RULES } from './kept-rules.js';
import { type Loss, BASE, KEPT, type Stamps, groupStamp, readStamps } from './merge.js';

type Row = Record<string, unknown>;

/** A merged edit as apply-documents.ts holds it: the incoming document, the stored and merged bodies. */
export interface KeptEdit {
  doc: { type: string; id: string; body: DocBody };
  before: { body: DocBody };
  body: DocBody;
  losses: Loss[];
}

interface Target {
  businessId: string;
  dialect: 'sqlite' | 'postgres';
  at: string;
}

const sortedJson = (stamps: Stamps) =>
  JSON.stringify(Object.fromEntries(Object.entries(stamps).sort(([a], [b]) => (a < b ? -1 : 1))));

/** The value `lost` had (set at `stamp`) giving way to the value of `won` (set at `lostTo`). */
const lossOf = (field: string, lost: Row, stamp: string, won: Row, lostTo: string): Loss => ({
  field,
  value: { [field]: lost[field] },
  stamp,
  wonValue: { [field]: won[field] },
  lostTo,
});

/**
 * Before the edits are written: a record whose merge would change a value a rule refuses where
 * this server's data stands in the way keeps the stored value, unless the incoming value was
 * itself kept that way elsewhere. Changes the edits' merged bodies and losses.
 */
export async function keepHeldValues(trx: Trx, t: Target, edits: readonly KeptEdit[]): Promise<void> {
  const batches = new Map<string, Map<string, Row>>();
  for (const e of edits) {
    const rules = KEEP_RULES.filter((r) => r.docType === e.doc.type);
    if (rules.length === 0) continue;
    const table = rules[0]!.table;
    const merged = e.body[table]?.[0];
    const was = e.before.body[table]?.[0];
    const sent = e.doc.body[table]?.[0];
    if (!merged || !was || !sent) continue;
    const batch = batches.get(e.doc.type) ?? new Map<string, Row>();
    batches.set(e.doc.type, batch);
    const stamps = readStamps(merged);
    const sentStamps = readStamps(sent);
    const toKeep: KeepRule[] = [];
    for (const rule of rules) {
      if (merged[rule.field] === was[rule.field]) continue;
      const replaced = formatStamp(groupStamp(stamps, rule.field, merged));
      if (sentStamps[KEPT + rule.field] === replaced) {
        // kept for what stood in its way on the server that sent it: it stands here too
        const own = formatStamp(groupStamp(readStamps(was), rule.field, was));
        await record(trx, t, e, rule, lossOf(rule.field, was, own, merged, replaced));
      } else if (
        rule.changes(was, merged) &&
        (await rule.held({ trx, businessId: t.businessId, id: e.doc.id, was, merged, batch }))
      )
        toKeep.push(rule);
    }
    if (toKeep.length > 0) await keep(trx, t, e, merged, was, stamps, toKeep);
    batch.set(e.doc.id, merged);
  }
}

/** Writes the stored values back into the merged row, stamped past the refused ones, journaled. */
async function keep(
  trx: Trx,
  t: Target,
  e: KeptEdit,
  merged: Row,
  was: Row,
  stamps: Stamps,
  rules: readonly KeepRule[],
): Promise<void> {
  const { stamp } = await appendJournal(trx, {
    businessId: t.businessId,
    docType: e.doc.type,
    docId: e.doc.id,
    action: `${e.doc.type}.kept`,
    userId: null,
    deviceId: null,
    at: t.at,
    detail: Object.fromEntries(rules.map((r) => [r.field, { kept: was[r.field], refused: merged[r.field] }])),
  });
  const next: Stamps = { ...stamps };
  for (const rule of rules) {
    const replaced = groupStamp(stamps, rule.field, merged);
    const kept = formatStamp(stampAfter(stamp, replaced));
    await record(trx, t, e, rule, lossOf(rule.field, merged, formatStamp(replaced), was, kept));
    merged[rule.field] = was[rule.field];
    Object.assign(next, {
      [rule.field]: kept,
      [BASE + rule.field]: formatStamp(replaced),
      [KEPT + rule.field]: kept,
    });
  }
  merged.stamps = sortedJson(next);
}

/** Records the kept (or kept-elsewhere) value's loss under its rule, in place of the merge's own. */
async function record(trx: Trx, t: Target, e: KeptEdit, rule: KeepRule, loss: Loss): Promise<void> {
  e.losses.splice(0, e.losses.length, ...e.losses.filter((l) => l.field !== rule.field));
  await recordLosses(trx, t.dialect, t.businessId, e.doc.type, e.doc.id, [loss], rule.reason, t.at);
}
