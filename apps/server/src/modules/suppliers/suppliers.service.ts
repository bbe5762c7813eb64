import type { supplierInputSchema } from '@duka/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { SupplierRow } from '../../db/tables.js';
import type { Actor } from '../../lib/actor.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';

type Input = z.output<typeof supplierInputSchema> & { id: string };

/** Adds a supplier; idempotent by its id (lib/idempotency.ts). */
export async function createSupplier(db: Db, actor: Actor, input: Input): Promise<SupplierRow> {
  const { id, active, ...rest } = input;
  return db.kysely.transaction().execute(async (trx) => {
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
      await appendJournal(trx, {
        ...actor.journal,
        docType: 'supplier',
        docId: id,
        action: 'supplier.create',
        detail: { name: rest.name },
      });
    }
    return trx.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  });
}
