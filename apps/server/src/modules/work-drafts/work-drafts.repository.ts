import type { WorkDraft, WorkDraftKind } from '@duka/domain';
import type { Kysely, QueryCreator, Transaction } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import type { Database } from '../../db/tables.js';

type Q = Kysely<Database> | Transaction<Database>;

export interface DraftOwner {
  businessId: string;
  userId: string;
}

const COLUMNS = ['id', 'kind', 'slot', 'name', 'body', 'updated_at'] as const;

const toDraft = (r: Omit<WorkDraft, 'kind' | 'body'> & { kind: string; body: string }): WorkDraft => ({
  ...r,
  kind: r.kind as WorkDraftKind,
  body: JSON.parse(r.body) as WorkDraft['body'],
});

/** The owner's drafts, newest first (id breaks ties, so the order is the same on both databases). */
export async function listDrafts(q: Q, owner: DraftOwner): Promise<WorkDraft[]> {
  const rows = await q
    .selectFrom('work_drafts')
    .select(COLUMNS)
    .where('business_id', '=', owner.businessId)
    .where('user_id', '=', owner.userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toDraft);
}

export async function countDrafts(q: Q, owner: DraftOwner): Promise<number> {
  const r = await q
    .selectFrom('work_drafts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', owner.businessId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Who holds an id, if anyone: the owner check reads it before a write. */
export function draftHolder(q: Q, id: string) {
  return q
    .selectFrom('work_drafts')
    .select(['business_id', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertDraft(
  q: Q,
  owner: DraftOwner,
  draft: Omit<WorkDraft, 'updated_at'>,
  at: string,
): Promise<void> {
  await q
    .insertInto('work_drafts')
    .values({
      ...draft,
      body: JSON.stringify(draft.body),
      business_id: owner.businessId,
      user_id: owner.userId,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export async function updateDraft(
  q: Q,
  owner: DraftOwner,
  draft: Omit<WorkDraft, 'updated_at'>,
  at: string,
): Promise<void> {
  await q
    .updateTable('work_drafts')
    .set({
      kind: draft.kind,
      slot: draft.slot,
      name: draft.name,
      body: JSON.stringify(draft.body),
      updated_at: at,
    })
    .where('id', '=', draft.id)
    .where('business_id', '=', owner.businessId)
    .where('user_id', '=', owner.userId)
    .execute();
}

/** Deletes the owner's draft; answers whether there was one. */
export async function deleteDraft(q: Q, owner: DraftOwner, id: string): Promise<boolean> {
  const r = await q
    .deleteFrom('work_drafts')
    .where('id', '=', id)
    .where('business_id', '=', owner.businessId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * A sale is recorded: the cart it was rung up in (its draft has the sale's id) is no one's work
 * any more. In the sale's transaction, so a till closed right after the sale cannot bring the
 * sold cart back.
 */
export async function dropSoldCart(q: Q, businessId: string, saleId: string): Promise<void> {
  await soldCart.run(q, { saleId, businessId });
}

/** The delete of `dropSoldCart`, for a statement that does it with others (a sale's on PostgreSQL). */
export const soldCartDelete = (q: QueryCreator<Database>, businessId: string, saleId: string) =>
  q.deleteFrom('work_drafts').where('id', '=', saleId).where('business_id', '=', businessId);

const soldCart = compiledQuery((db, a: { saleId: string; businessId: string }) =>
  soldCartDelete(db, a.businessId, a.saleId),
);
