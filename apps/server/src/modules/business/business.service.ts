import type { businessUpdateSchema } from '@duka/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { BusinessRow } from '../../db/tables.js';
import { AppError } from '../../lib/errors.js';
import { appendJournal } from '../../lib/journal.js';
import { snapshotRecord, stampRecord } from '../../lib/stamps.js';
import { lockBusiness } from '../../lib/tx.js';
import type { Actor } from '../../lib/context.js';
import { findBusiness, toBusiness } from './business.repository.js';
import { requireOwnImage } from '../files/files.repository.js';

type Patch = z.output<typeof businessUpdateSchema>;

export async function updateBusiness(
  db: Db,
  actor: Actor,
  patch: Patch,
): Promise<ReturnType<typeof toBusiness>> {
  return db.kysely.transaction().execute(async (trx) => {
    await lockBusiness(db, trx, actor.businessId);
    const before = await snapshotRecord(trx, actor.businessId, 'business', actor.businessId);
    const {
      payment_details,
      online_offline,
      two_way_sync,
      require_approved_devices,
      allow_negative_stock,
      ...plain
    } = patch;
    const set: Partial<BusinessRow> = { ...plain, updated_at: actor.at };
    if (payment_details) set.payment_details = JSON.stringify(payment_details);
    if (online_offline !== undefined) set.online_offline = online_offline;
    if (two_way_sync !== undefined) set.two_way_sync = two_way_sync ? 1 : 0;
    // Selling on the hosted site is working online as well as offline.
    if (two_way_sync) set.online_offline = 1;
    if (require_approved_devices !== undefined)
      set.require_approved_devices = require_approved_devices ? 1 : 0;
    if (allow_negative_stock !== undefined) set.allow_negative_stock = allow_negative_stock ? 1 : 0;
    await trx.updateTable('businesses').set(set).where('id', '=', actor.businessId).execute();
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'business',
      docId: actor.businessId,
      action: 'business.update',
      detail: { fields: Object.keys(patch) },
    });
    await stampRecord(trx, actor.businessId, 'business', actor.businessId, stamp, before);
    const row = await findBusiness(trx, actor.businessId);
    if (!row) throw new AppError('not_found', 'Business not found');
    return toBusiness(row);
  });
}

/** Sets the logo to an uploaded image of this business, or clears it (null). */
export async function setLogo(db: Db, actor: Actor, img: string | null) {
  return db.kysely.transaction().execute(async (trx) => {
    if (img !== null) await requireOwnImage(trx, actor.businessId, img);
    const was = await snapshotRecord(trx, actor.businessId, 'business', actor.businessId);
    await trx
      .updateTable('businesses')
      .set({ logo: img, updated_at: actor.at })
      .where('id', '=', actor.businessId)
      .execute();
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'business',
      docId: actor.businessId,
      action: img ? 'business.logo_set' : 'business.logo_delete',
      detail: img ? { img } : {},
    });
    await stampRecord(trx, actor.businessId, 'business', actor.businessId, stamp, was);
    const row = await findBusiness(trx, actor.businessId);
    if (!row) throw new AppError('not_found', 'Business not found');
    return toBusiness(row);
  });
}
