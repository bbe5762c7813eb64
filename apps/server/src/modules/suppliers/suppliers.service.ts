import type { supplierInputSchema, supplierUpdateSchema } from '@duka/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Database, SupplierRow } from '../../db/tables.js';
import { notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/context.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { lockBusiness } from '../../lib/tx.js';
import { appendJournal } from '../../lib/journal.js';
import { snapshotRecord, stampRecord } from '../../lib/stamps.js';

type Input = z.output<typeof supplierInputSchema> & { id: string };

export const toSupplier = (r: SupplierRow) => ({
  id: r.id,
  name: r.name,
  contact_name: r.contact_name,
  phone: r.phone,
  email: r.email,
  address: r.address,
  notes: r.notes,
  active: r.active === 1,
  updated_at: r.updated_at,
});

export function findSupplier(db: Kysely<Database>, businessId: string, id: string) {
  return db
    .selectFrom('suppliers')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Edits a supplier's details. */
export async function editSupplier(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  body: z.infer<typeof supplierUpdateSchema>,
) {
  if (!(await findSupplier(db, actor.businessId, id))) throw notFound('Supplier');
  const { active, ...rest } = body;
  await db.transaction().execute(async (trx) => {
    const before = await snapshotRecord(trx, actor.businessId, 'supplier', id);
    await trx
      .updateTable('suppliers')
      .set({ ...rest, ...(active === undefined ? {} : { active: active ? 1 : 0 }), updated_at: actor.at })
      .where('business_id', '=', actor.businessId)
      .where('id', '=', id)
      .execute();
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'supplier',
      docId: id,
      action: 'supplier.update',
      detail: { fields: Object.keys(body) },
    });
    await stampRecord(trx, actor.businessId, 'supplier', id, stamp, before);
  });
  return toSupplier((await findSupplier(db, actor.businessId, id))!);
}

/** Adds a supplier; idempotent by its id (lib/idempotency.ts). */
export async function createSupplier(db: Db, actor: Actor, input: Input) {
  const { id, active, ...rest } = input;
  return db.kysely.transaction().execute(async (trx) => {
    // a retry sent while the first is still running waits for it, then answers its result
    await lockBusiness(db, trx, actor.businessId);
    const hash = requestHash(input);
    if (!(await isReplay(trx, 'suppliers', id, actor.businessId, hash))) {
      await trx
        .insertInto('suppliers')
        .values({
          id,
          business_id: actor.businessId,
          ...rest,
          active: active ? 1 : 0,
          request_hash: hash,
          created_at: actor.at,
          updated_at: actor.at,
          deleted_at: null,
        })
        .execute();
      const { stamp } = await appendJournal(trx, {
        ...actor.journal,
        docType: 'supplier',
        docId: id,
        action: 'supplier.create',
        detail: { name: rest.name },
      });
      await stampRecord(trx, actor.businessId, 'supplier', id, stamp, null);
    }
    return toSupplier(
      await trx.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );
  });
}
