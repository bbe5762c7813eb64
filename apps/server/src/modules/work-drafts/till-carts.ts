import type { WorkDraft } from '@duka/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { SignedIn } from '../../lib/context.js';

/**
 * A user may be signed in on two tills at once (the shop's PC and a phone), each with a cart open.
 * A cart is kept under the session it was rung up in (its `slot`), so one till's saves do not drop
 * the other's; a till is given back the cart of its own session. A cart whose session has ended
 * (signed out, expired, idle past the limit) is the user's to take anywhere: the newest of them
 * comes back as the cart where the user has none of this session's. Every other cart is listed as
 * parked, `elsewhere` when its till is still signed in, so nothing is dropped unseen. Session ids
 * never leave the server: a cart's slot is shown as ''.
 */
export async function presentTillCarts(
  db: Kysely<Database>,
  ctx: SignedIn,
  idleMs: number,
  drafts: WorkDraft[],
): Promise<WorkDraft[]> {
  const carts = drafts.filter((d) => d.kind === 'cart');
  if (carts.length === 0) return drafts;
  const mine = ctx.sessionId;
  const others = [...new Set(carts.map((c) => c.slot).filter((s) => s !== '' && s !== mine))];
  const live = new Set<string>();
  if (others.length > 0) {
    const idleSince = new Date(new Date(ctx.at).getTime() - idleMs).toISOString();
    const rows = await db
      .selectFrom('sessions')
      .select('id')
      .where('business_id', '=', ctx.businessId)
      .where('user_id', '=', ctx.userId)
      .where('id', 'in', others)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', ctx.at)
      .where('last_seen_at', '>=', idleSince)
      .execute();
    for (const r of rows) live.add(r.id);
  }
  // drafts come newest first: the first of this session's, else the newest nobody holds
  const current = carts.find((c) => c.slot === mine) ?? carts.find((c) => !live.has(c.slot));
  return drafts.map((d) => {
    if (d.kind !== 'cart') return d;
    if (d === current) return { ...d, slot: '' };
    return { ...d, kind: 'parked', slot: '', ...(live.has(d.slot) ? { elsewhere: true } : {}) };
  });
}
