import { REVERSE_FLAG, type SaleKind, isAdminRole } from '@duka/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Context } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';

type Who = Pick<Context, 'role' | 'roles' | 'userId'>;
interface Made {
  kind: SaleKind;
  user_id: string | null;
}

/**
 * Whether a user may open one sale (its page, its receipt, a reprint): an admin any; a staff user
 * one they made, or any of a kind they may reverse (a refund at the counter starts from a
 * colleague's receipt). Staff see only their own in the day's list (`GET /api/sales`), and a
 * clerk who only sees current sales, or only sells, must not read a colleague's sales by id or
 * receipt number either. The location is checked apart (`requireReadable`).
 */
export function maySeeSale(who: Who, sale: Made): boolean {
  return (
    isAdminRole(who.role) ||
    (who.userId !== null && sale.user_id === who.userId) ||
    who.roles[REVERSE_FLAG[sale.kind]] === 1
  );
}

/** A sale the user may not open is not found for them, as one at a location they cannot read. */
export function requireSaleVisible(who: Who, sale: Made, what = 'Sale'): void {
  if (!maySeeSale(who, sale)) throw notFound(what);
}

/** A reversal: as its sale (`maySeeSale`), or one the user made. */
export async function requireReversalVisible(
  db: Kysely<Database>,
  who: Who,
  businessId: string,
  reversal: Made & { sale_id: string },
  what = 'Reversal',
): Promise<void> {
  if (maySeeSale(who, reversal)) return;
  const sale = await db
    .selectFrom('sales')
    .select('user_id')
    .where('business_id', '=', businessId)
    .where('id', '=', reversal.sale_id)
    .executeTakeFirst();
  if (who.userId === null || sale?.user_id !== who.userId) throw notFound(what);
}

/** For a receipt found by its number: the sale or reversal behind it, read for its kind and maker. */
export async function requireReceiptVisible(
  db: Kysely<Database>,
  who: Who,
  businessId: string,
  found: { type: string; id: string },
  what: string,
): Promise<void> {
  if (isAdminRole(who.role)) return;
  if (found.type === 'sale') {
    const sale = await db
      .selectFrom('sales')
      .select(['kind', 'user_id'])
      .where('business_id', '=', businessId)
      .where('id', '=', found.id)
      .executeTakeFirstOrThrow();
    requireSaleVisible(who, { kind: sale.kind as SaleKind, user_id: sale.user_id }, what);
  } else if (found.type === 'reversal') {
    const reversal = await db
      .selectFrom('sale_reversals as r')
      .innerJoin('sales as s', (j) =>
        j.onRef('s.id', '=', 'r.sale_id').onRef('s.business_id', '=', 'r.business_id'),
      )
      .select(['r.user_id', 'r.sale_id', 's.kind'])
      .where('r.business_id', '=', businessId)
      .where('r.id', '=', found.id)
      .executeTakeFirstOrThrow();
    await requireReversalVisible(
      db,
      who,
      businessId,
      { kind: reversal.kind as SaleKind, user_id: reversal.user_id, sale_id: reversal.sale_id },
      what,
    );
  }
}
