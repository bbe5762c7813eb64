import type { ExpenseCategory, categoryInputSchema, categoryUpdateSchema } from '@duka/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import { notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';
import { snapshotRecord, stampRecord } from '../../lib/stamps.js';
import { lockBusiness } from '../../lib/tx.js';
import { assertNameFree } from '../../lib/name-lists.js';

type Q = Kysely<Database>;
const toCategory = (r: { id: string; name: string; active: number }): ExpenseCategory => ({
  id: r.id,
  name: r.name,
  active: r.active === 1,
});

export async function listCategories(db: Q, businessId: string): Promise<ExpenseCategory[]> {
  const rows = await db
    .selectFrom('expense_categories')
    .select(['id', 'name', 'active'])
    .where('business_id', '=', businessId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toCategory);
}

export async function createCategory(db: Db, actor: Actor, input: z.output<typeof categoryInputSchema>) {
  const id = input.id ?? newId();
  return db.kysely.transaction().execute(async (trx) => {
    await lockBusiness(db, trx, actor.businessId);
    const hash = requestHash(input);
    if (await isReplay(trx, 'expense_categories', id, actor.businessId, hash))
      return toCategory(
        await trx.selectFrom('expense_categories').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      );
    await assertNameFree(
      trx,
      'expense_categories',
      actor.businessId,
      input.name,
      null,
      `${input.name} is already a category`,
    );
    const row = {
      id,
      business_id: actor.businessId,
      name: input.name,
      active: 1,
      request_hash: hash,
      created_at: actor.at,
      updated_at: actor.at,
    };
    await trx.insertInto('expense_categories').values(row).execute();
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'expense_category',
      docId: id,
      action: 'expense_category.create',
      detail: { name: input.name },
    });
    await stampRecord(trx, actor.businessId, 'expense_category', id, stamp, null);
    return toCategory(row);
  });
}

export async function updateCategory(
  db: Db,
  actor: Actor,
  id: string,
  patch: z.output<typeof categoryUpdateSchema>,
) {
  return db.kysely.transaction().execute(async (trx) => {
    await lockBusiness(db, trx, actor.businessId);
    const row = await trx
      .selectFrom('expense_categories')
      .selectAll()
      .where('id', '=', id)
      .where('business_id', '=', actor.businessId)
      .executeTakeFirst();
    if (!row) throw notFound('Category');
    const before = await snapshotRecord(trx, actor.businessId, 'expense_category', id);
    if (patch.name !== undefined)
      await assertNameFree(
        trx,
        'expense_categories',
        actor.businessId,
        patch.name,
        id,
        `${patch.name} is already a category`,
      );
    const active = patch.active === undefined ? row.active : patch.active ? 1 : 0;
    await trx
      .updateTable('expense_categories')
      .set({ name: patch.name ?? row.name, active, updated_at: actor.at })
      .where('id', '=', id)
      .where('business_id', '=', actor.businessId)
      .execute();
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'expense_category',
      docId: id,
      action: 'expense_category.update',
      detail: { fields: Object.keys(patch) },
    });
    await stampRecord(trx, actor.businessId, 'expense_category', id, stamp, before);
    return toCategory({ id, name: patch.name ?? row.name, active });
  });
}
