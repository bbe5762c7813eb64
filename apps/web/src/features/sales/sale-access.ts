import {
  type SaleKind,
  type SessionData,
  accessForPath,
  allows,
  businessDay,
  mayReverse as userMayReverse,
} from '@duka/domain';
import { principalOf } from '../auth';

// Who may open and reverse what, and the sales screens' words for a day and a receipt: without the
// answers' schemas (sales-api.ts), as the till reads these at start without zod (issue 21).

/**
 * Today in the business's time zone, as YYYY-MM-DD (the domain's `businessDay`, as `todayIn` of
 * lib/date-range: that module and the report periods it imports are not the till's to load).
 */
export function todayOf(session: SessionData): string {
  return businessDay(Date.now(), session.business.timezone);
}

/** The reverse screen of a kind of sale. */
export const reversePath = (kind: SaleKind) => `/${kind}-reverse`;

/** Whether the signed-in user may open a route of the authenticated area. */
export function mayOpen(session: SessionData, path: string): boolean {
  const access = accessForPath(path);
  return !!access && allows(principalOf(session), access);
}

/**
 * Whether the signed-in user may reverse this kind of sale (the server's rule, from the domain);
 * never on a hosted copy kept by the shop's PC (ADR 11 §8: reversals happen at the shop).
 */
export const mayReverse = (session: SessionData, kind: SaleKind) =>
  !session.synced_from_shop && userMayReverse(principalOf(session), kind);

/** A receipt number as people read it: `#000123`. */
export const receiptLabel = (no: string) => `#${no}`;
