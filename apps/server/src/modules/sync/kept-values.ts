/**
 * A product's values that a sync would change where its stock stands in the way (ADR 11 §11.5), as
 * a PATCH here is refused: its unit once stock of it moved here (its levels, sales and counts are
 * all in the old unit and would read in the new one; `unit_in_use`), its deactivation while a
 * location here holds or owes some or an open count counted it (an inactive product can be
 * neither counted, moved nor written off; `product_holds_stock`). The server keeps its value as an
 * edit of its own: journaled (`product.kept`) and stamped past the refused change, so the kept
 * value wins on every server at the next sync, and marked (`!group`, merge.ts `KEPT`) so no server
 * refuses it back (where both sides' stock stands in the way, the first kept value stands). Both
 * ends list the refused value in the product's replaced values, under the rule's reason.
 */
import { formatStamp, stampAfter } from '@duka/domain';
import type { Trx } from '../../lib/tx.js';
import { appendJournal } from '../../lib/journal.js';
import { hasMoved, holdsStock, inOpenCount } from '../catalog/catalog.service.js';
import type { DocBody } from './doc-specs.js';
import { type LossReason, recordLosses } from './history.js';
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

interface Rule {
  /** The field group (one column of the product). */
  field: 'unit' | 'active';
  reason: LossReason;
  /** Whether the merge's value (another than the stored one) is one this rule may refuse. */
  changes: (was: Row, merged: Row) => boolean;
  /** Whether the product's stock here stands in the way (levels as they were before the batch). */
  held: (trx: Trx, businessId: string, id: string) => Promise<boolean>;
}

const RULES: readonly Rule[] = [
  {
    field: 'unit',
    reason: 'unit_in_use',
    changes: (was, merged) => merged.unit !== was.unit,
    held: async (trx, businessId, id) => (await hasMoved(trx, businessId, [id])).size > 0,
  },
  {
    field: 'active',
    reason: 'product_holds_stock',
    changes: (was, merged) => Number(was.active) === 1 && Number(merged.active) !== 1,
    held: async (trx, businessId, id) =>
      (await holdsStock(trx, businessId, [id])).size > 0 ||
      (await inOpenCount(trx, businessId, [id])).size > 0,
  },
];

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
 * Before the edits are written: a product whose merge would change a value its stock here stands
 * in the way of keeps the stored value, unless the incoming value was itself kept that way
 * elsewhere. Changes the edits' merged bodies and losses.
 */
export async function keepHeldValues(trx: Trx, t: Target, edits: readonly KeptEdit[]): Promise<void> {
  for (const e of edits) {
    if (e.doc.type !== 'product') continue;
    const merged = e.body.products?.[0];
    const was = e.before.body.products?.[0];
    const sent = e.doc.body.products?.[0];
    if (!merged || !was || !sent) continue;
    const stamps = readStamps(merged);
    const sentStamps = readStamps(sent);
    const toKeep: Rule[] = [];
    for (const rule of RULES) {
      if (merged[rule.field] === was[rule.field]) continue;
      const replaced = formatStamp(groupStamp(stamps, rule.field, merged));
      if (sentStamps[KEPT + rule.field] === replaced) {
        // kept for the stock on the server that sent it: it stands here, whatever moved here since
        const own = formatStamp(groupStamp(readStamps(was), rule.field, was));
        await record(trx, t, e, rule, lossOf(rule.field, was, own, merged, replaced));
      } else if (rule.changes(was, merged) && (await rule.held(trx, t.businessId, e.doc.id)))
        toKeep.push(rule);
    }
    if (toKeep.length === 0) continue;
    const { stamp } = await appendJournal(trx, {
      businessId: t.businessId,
      docType: 'product',
      docId: e.doc.id,
      action: 'product.kept',
      userId: null,
      deviceId: null,
      at: t.at,
      detail: Object.fromEntries(
        toKeep.map((r) => [r.field, { kept: was[r.field], refused: merged[r.field] }]),
      ),
    });
    const next: Stamps = { ...stamps };
    for (const rule of toKeep) {
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
}

/** Records the kept (or refused-back) value's loss under its rule, in place of the merge's own. */
async function record(trx: Trx, t: Target, e: KeptEdit, rule: Rule, loss: Loss): Promise<void> {
  e.losses.splice(0, e.losses.length, ...e.losses.filter((l) => l.field !== rule.field));
  await recordLosses(trx, t.dialect, t.businessId, 'product', e.doc.id, [loss], rule.reason, t.at);
}
