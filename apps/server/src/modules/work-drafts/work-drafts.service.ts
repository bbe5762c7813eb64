import { WORK_DRAFT_MAX_PER_USER, type WorkDraft, type WorkDraftPut } from '@duka/domain';
import type { Db } from '../../db/database.js';
import type { SignedIn } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { presentTillCarts } from './till-carts.js';
import { type Trx, lockBusiness, shareBusinessLock } from '../../lib/tx.js';
import {
  type DraftOwner,
  countDrafts,
  deleteDraft,
  draftHolder,
  insertDraft,
  listDrafts,
  updateDraft,
} from './work-drafts.repository.js';

const ownerOf = (ctx: SignedIn): DraftOwner => ({ businessId: ctx.businessId, userId: ctx.userId });

/** The caller's drafts, newest first; the till's carts as this session's till sees them (till-carts.ts). */
export async function listOwnDrafts(db: Db, ctx: SignedIn, idleMs: number): Promise<WorkDraft[]> {
  return presentTillCarts(db.kysely, ctx, idleMs, await listDrafts(db.kysely, ownerOf(ctx)));
}

/**
 * Saves one of the caller's drafts under its id, in one transaction: created, or replaced when
 * the id is already theirs (a retry writes the same again). An id held by someone else, in this
 * business or another, is not found: nothing says whose it is. A user has one open cart per till
 * (kept under the session, whatever slot the till sent: till-carts.ts) and one draft per stock
 * screen, so saving one drops the user's other of the same kind and slot.
 */
export async function saveDraft(db: Db, ctx: SignedIn, id: string, input: WorkDraftPut): Promise<WorkDraft> {
  const owner = ownerOf(ctx);
  const slot = input.kind === 'cart' ? ctx.sessionId : input.slot;
  const draft = { id, kind: input.kind, slot, name: input.name, body: input.body };
  return db.kysely.transaction().execute(async (trx) => {
    let holder = await draftHolder(trx, id);
    // a new draft's id: the same save sent twice at once (a retry after a timeout) waits for the
    // first under the business's lock and then replaces it, instead of meeting its key
    if (!holder) {
      await lockBusiness(db, trx, owner.businessId);
      holder = await draftHolder(trx, id);
    }
    if (holder && (holder.business_id !== owner.businessId || holder.user_id !== owner.userId))
      throw notFound('Draft');
    if (draft.kind === 'cart' || draft.kind === 'parked') await refuseSoldCart(db, trx, owner, id);
    if (draft.kind !== 'parked') {
      await trx
        .deleteFrom('work_drafts')
        .where('business_id', '=', owner.businessId)
        .where('user_id', '=', owner.userId)
        .where('kind', '=', draft.kind)
        .where('slot', '=', draft.slot)
        .where('id', '!=', id)
        .execute();
    }
    if (holder) {
      await updateDraft(trx, owner, draft, ctx.at);
    } else {
      if ((await countDrafts(trx, owner)) >= WORK_DRAFT_MAX_PER_USER)
        throw new AppError(
          'conflict',
          `You keep ${WORK_DRAFT_MAX_PER_USER} drafts and parked sales already: finish or drop some first`,
        );
      await insertDraft(trx, owner, draft, ctx.at);
    }
    return { ...draft, slot: input.kind === 'cart' ? '' : slot, updated_at: ctx.at };
  });
}

/**
 * A cart whose sale is recorded is no one's work any more: the sale dropped it in its own
 * transaction, and a save that arrives after (queued on a till before the sale, sent after) must
 * not bring it back, or the next sign-in would offer a sold cart again. Under the business's
 * shared lock, so a sale committing at the same moment is either seen here or sees this draft.
 */
async function refuseSoldCart(db: Db, trx: Trx, owner: DraftOwner, id: string): Promise<void> {
  await shareBusinessLock(db, trx, owner.businessId);
  const sale = await trx
    .selectFrom('sales')
    .select('id')
    .where('id', '=', id)
    .where('business_id', '=', owner.businessId)
    .executeTakeFirst();
  if (sale) throw new AppError('draft_recorded', 'This sale was already recorded: its cart is not kept');
}

/** Drops one of the caller's drafts (done, resumed or thrown away); an id not theirs is not found. */
export async function dropDraft(db: Db, ctx: SignedIn, id: string): Promise<void> {
  if (!(await deleteDraft(db.kysely, ownerOf(ctx), id))) throw notFound('Draft');
}
