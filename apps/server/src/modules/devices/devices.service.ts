import type { Device, deviceUpdateSchema } from '@duka/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import type { DeviceRow } from '../../db/tables.js';
import { notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/context.js';
import { appendJournal } from '../../lib/journal.js';
import type { Trx } from '../../lib/tx.js';
import { deviceTokenMatches, hashDeviceToken, newDeviceToken } from '../../lib/device-tokens.js';

export function findDevice(
  trx: Trx | Db['kysely'],
  businessId: string,
  id: string,
  /** Held until the transaction ends (PostgreSQL; SQLite's write transaction holds everything). */
  lock = false,
): Promise<DeviceRow | undefined> {
  return trx
    .selectFrom('devices')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .$if(lock && dialectOf(trx) === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

/** What a sign-in learned about its device. */
export interface SeenDevice {
  row: DeviceRow;
  /** The request carried the token issued to this device (a new device's is issued now). */
  trusted: boolean;
  /** A token issued now, to hand to the till once (X-Device-Token); null when none was. */
  issued: string | null;
}

/**
 * Records that a device was seen at a sign-in, inside the caller's transaction. The first time it
 * is pending and gets a device token; a device recorded before tokens existed gets one now and,
 * if it was approved on its id alone, goes back to pending. A request without the device's token
 * is not that device: nothing is recorded for it (the id may only be a known MAC address).
 */
export async function touchDevice(
  trx: Trx,
  businessId: string,
  id: string,
  token: string | null,
  userId: string | null,
  at: string,
): Promise<SeenDevice> {
  // held, so an admin's block committing meanwhile is waited for and read, never written over
  const existing = await findDevice(trx, businessId, id, true);
  if (!existing) {
    const issued = newDeviceToken();
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
      token_hash: hashDeviceToken(issued),
    };
    await trx.insertInto('devices').values(row).execute();
    return { row, trusted: true, issued };
  }
  let issued: string | null = null;
  let status = existing.status;
  if (existing.token_hash === null) {
    issued = newDeviceToken();
    if (status === 'approved') status = 'pending';
  } else if (!deviceTokenMatches(existing, token)) {
    return { row: existing, trusted: false, issued: null };
  }
  const patch = {
    last_seen_at: at,
    ...(status !== existing.status ? { status } : {}),
    ...(userId ? { last_user_id: userId } : {}),
    ...(issued ? { token_hash: hashDeviceToken(issued) } : {}),
    updated_at: at,
  };
  await trx
    .updateTable('devices')
    .set(patch)
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .execute();
  return { row: { ...existing, ...patch }, trusted: true, issued };
}

export async function listDevices(db: Db, businessId: string): Promise<Device[]> {
  const rows = await db.kysely
    .selectFrom('devices')
    .leftJoin('users', (j) =>
      j.onRef('users.id', '=', 'devices.last_user_id').onRef('users.business_id', '=', 'devices.business_id'),
    )
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
    .orderBy('devices.id')
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
      // Reset (pending) forgets the device token: the till's next sign-in is issued a new one.
      .set({ ...patch, ...(patch.status === 'pending' ? { token_hash: null } : {}), updated_at: actor.at })
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
