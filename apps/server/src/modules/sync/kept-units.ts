/**
 * A product's unit that a sync would change where stock of it has moved (ADR 11 §11.5): its
 * levels, sales and counts here are all in the old unit and would read in the new one, so the
 * server keeps it, as a PATCH here is refused (`unit_in_use`). Keeping it is an edit of this
 * server's own: journaled (`product.unit_kept`) and stamped past the refused change, so the kept
 * unit wins on every server at the next sync, and marked (`!unit`, merge.ts `KEPT`) so no server
 * refuses it back (where both moved stock in their own unit, the first kept unit stands). Both
 * ends list the refused unit in the product's replaced values (reason `unit_in_use`).
 */
import { formatStamp, stampAfter } from '@duka/domain';
import type { Trx } from '../../lib/tx.js';
import { appendJournal } from '../../lib/journal.js';
import { hasMoved } from '../catalog/catalog.service.js';
import type { DocBody } from './doc-specs.js';
import { recordLosses } from './history.js';
import { type Loss, BASE, KEPT, groupStamp, readStamps } from './merge.js';

type Row = Record<string, unknown>;

/** A merged edit as apply-documents.ts holds it: the incoming document, the stored and merged bodies. */
export interface UnitEdit {
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

const UNIT = 'unit';

const sortedJson = (stamps: Record<string, string>) =>
  JSON.stringify(Object.fromEntries(Object.entries(stamps).sort(([a], [b]) => (a < b ? -1 : 1))));

/**
 * Before the edits are written: a product whose merged unit differs from the stored one keeps the
 * stored unit when stock of it has moved here (levels as they were before this batch), unless the
 * incoming unit was itself kept that way elsewhere. Changes the edits' merged bodies and losses.
 */
export async function keepMovedUnits(trx: Trx, t: Target, edits: readonly UnitEdit[]): Promise<void> {
  for (const e of edits) {
    if (e.doc.type !== 'product') continue;
    const merged = e.body.products?.[0];
    const was = e.before.body.products?.[0];
    const sent = e.doc.body.products?.[0];
    if (!merged || !was || !sent || merged.unit === was.unit) continue;
    const stamps = readStamps(merged);
    const replaced = formatStamp(groupStamp(stamps, UNIT, merged));
    const others = e.losses.filter((l) => l.field !== UNIT);
    let loss: Loss;
    if (readStamps(sent)[KEPT + UNIT] === replaced) {
      // kept for the stock on the server that sent it: it stands here, whatever moved here since
      loss = unitLoss(was, formatStamp(groupStamp(readStamps(was), UNIT, was)), merged, replaced);
    } else {
      if ((await hasMoved(trx, t.businessId, [e.doc.id])).size === 0) continue;
      const { stamp } = await appendJournal(trx, {
        businessId: t.businessId,
        docType: 'product',
        docId: e.doc.id,
        action: 'product.unit_kept',
        userId: null,
        deviceId: null,
        at: t.at,
        detail: { unit: was.unit, refused: merged.unit },
      });
      const kept = formatStamp(stampAfter(stamp, groupStamp(stamps, UNIT, merged)));
      loss = unitLoss(merged, replaced, was, kept);
      merged.unit = was.unit;
      merged.stamps = sortedJson({ ...stamps, [UNIT]: kept, [BASE + UNIT]: replaced, [KEPT + UNIT]: kept });
    }
    e.losses.splice(0, e.losses.length, ...others);
    await recordLosses(trx, t.dialect, t.businessId, 'product', e.doc.id, [loss], 'unit_in_use', t.at);
  }
}

/** The unit `lost` had (set at `stamp`) giving way to the unit of `won` (set at `lostTo`). */
function unitLoss(lost: Row, stamp: string, won: Row, lostTo: string): Loss {
  return { field: UNIT, value: { unit: lost.unit }, stamp, wonValue: { unit: won.unit }, lostTo };
}
