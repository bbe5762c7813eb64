import type { Device, deviceUpdateSchema } from '@duka/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { DeviceRow } from '../../db/tables.js';
import { notFound } from '../../http/errors.js';
import type { Actor } from '../../lib/actor.js';
import { appendJournal } from '../../lib/journal.js';
import type { Trx } from '../../lib/tx.js';

export function findDevice(
  trx: Trx | Db['kysely'],
  businessId: string,
  id: string,
): Promise<DeviceRow | undefined> {
  return trx
    .selectFrom('devices')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Records that a device was seen (first time: pending), inside the caller's transaction. */
export async function touchDevice(
  trx: Trx,
  businessId: string,
  id: string,
  userId: string | null,
  at: string,
): Promise<DeviceRow> {
  const existing = await findDevice(trx, businessId, id);
  if (existing) {
    await trx
      .updateTable('devices')
      .set({ last_seen_at: at, ...(userId ? { last_user_id: userId } : {}), updated_at: at })
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .execute();
    return { ...existing, last_seen_at: at, last_user_id: userId ?? existing.last_user_id };
  }
  const row: DeviceRow = {
    business_id: businessId,
    id,
    name: '',
    status: 'pending',
    first_seen_at: at,
    last_seen_at: at,
    last_user_id: userId,
    created_at: at,
    updated_at: at,
  };
  await trx.insertInto('devices').values(row).execute();
  return row;
}

export async function listDevices(db: Db, businessId: string): Promise<Device[]> {
  const rows = await db.kysely
    .selectFrom('devices')
    .leftJoin('users', 'users.id', 'devices.last_user_id')
    .select([
      'devices.id',
      'devices.name',
      'devices.status',
      'devices.first_seen_at',
      'devices.last_seen_at',
      'devices.last_user_id',
      'users.name as last_user_name',
    ])
    .where('devices.business_id', '=', businessId)
    .orderBy('devices.last_seen_at', 'desc')
    .execute();
  return rows.map((r) => ({
    ...r,
    status: r.status as Device['status'],
    last_user_name: r.last_user_name ?? null,
  }));
}

export async function updateDevice(
  db: Db,
  actor: Actor,
  id: string,
  patch: z.output<typeof deviceUpdateSchema>,
): Promise<Device> {
  await db.kysely.transaction().execute(async (trx) => {
    const device = await findDevice(trx, actor.businessId, id);
    if (!device) throw notFound('Device');
    await trx
      .updateTable('devices')
      .set({ ...patch, updated_at: actor.at })
      .where('business_id', '=', actor.businessId)
      .where('id', '=', id)
      .execute();
    if (patch.status === 'blocked') {
      await trx
        .updateTable('sessions')
        .set({ revoked_at: actor.at })
        .where('business_id', '=', actor.businessId)
        .where('device_id', '=', id)
        .where('revoked_at', 'is', null)
        .where('user_id', 'in', (eb) =>
          eb
            .selectFrom('users')
            .select('id')
            .where('business_id', '=', actor.businessId)
            .where('role', '!=', 'admin'),
        )
        .execute();
    }
    const action = patch.status
      ? `device.${patch.status === 'approved' ? 'approve' : patch.status === 'blocked' ? 'block' : 'reset'}`
      : 'device.rename';
    await appendJournal(trx, {
      ...actor.journal,
      docType: 'device',
      docId: id,
      action,
      detail: { ...patch },
    });
  });
  const found = (await listDevices(db, actor.businessId)).find((d) => d.id === id);
  if (!found) throw notFound('Device');
  return found;
}
