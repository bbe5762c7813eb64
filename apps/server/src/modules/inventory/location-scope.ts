import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Operator } from '../../lib/context.js';
import { type Flag, type UserRoles, isAdminRole, seesCosts } from '@duka/domain';

/**
 * Per-location rights on reads, the same rule as `requireUsableLocation` on writes: a user who
 * is not an admin sees the sales, stock, counts and expenses of their own locations
 * (user_locations) only. `null` means every location of the business (an admin, the CLI).
 */
export type LocationScope = string[] | null;

/** The flags whose work shows what is in stock: selling, moving stock, the stock report. */
const STOCK_FIGURE_FLAGS = [
  'manage_stock',
  'adding_supplier_stock',
  'adding_stock_positive',
  'adding_stock_negative',
  'adding_interlocation',
  'sell_cash',
  'sell_debtors',
  'sell_transfer',
  'current_sales',
  'reversing_cash',
  'view_stock_report',
] as const satisfies readonly Flag[];

/**
 * Whether the user sees a product's stock levels: an admin, or a user whose work shows them. A
 * user who only counts stock (or only keeps expenses) gets products without levels: a count is
 * blind (counters never see the figure its snapshot took, product.md), and the web only hides it.
 */
export function seesLevels(user: { role: string; roles: Readonly<UserRoles> }): boolean {
  return isAdminRole(user.role) || STOCK_FIGURE_FLAGS.some((f) => user.roles[f] === 1);
}

/** The locations the operator may read; null = all. */
export function readableLocations(db: Kysely<Database>, op: Operator): Promise<LocationScope> {
  return op.locationRights(db);
}

/**
 * The scope of a list or report read: a `location_id` filter outside the user's locations is
 * refused (403 location_not_allowed); without one, the list covers the user's locations only.
 */
export async function readScopeOf(
  db: Kysely<Database>,
  op: Operator,
  requested: string | undefined,
  field = 'location_id',
): Promise<LocationScope> {
  const scope = await readableLocations(db, op);
  if (scope && requested && !scope.includes(requested))
    throw new AppError('location_not_allowed', 'You may not see this location', field);
  return scope;
}

/** For `where location_id in …`: an empty scope must match nothing (SQL has no empty IN list). */
export function scopeIds(scope: string[]): string[] {
  return scope.length > 0 ? scope : ['00000000-0000-0000-0000-000000000000'];
}

/**
 * One record (a sale, a document, a count) at a location the user may not see is not there
 * (404). A transfer between two locations is seen from either end.
 */
export async function requireReadable(
  db: Kysely<Database>,
  op: Operator,
  locationIds: (string | null | undefined)[],
  what: string,
): Promise<void> {
  const scope = await readableLocations(db, op);
  if (!scope) return;
  if (!locationIds.some((id) => id && scope.includes(id))) throw notFound(what);
}

/** A product's levels at the locations the reader may see only, and its on-hand over those. */
export function levelsIn<P extends { levels: { location_id: string; quantity: number }[]; on_hand: number }>(
  product: P,
  scope: LocationScope,
  blind = false,
): P {
  if (blind) return { ...product, levels: [], on_hand: 0 };
  if (!scope) return product;
  const levels = product.levels.filter((l) => scope.includes(l.location_id));
  return { ...product, levels, on_hand: levels.reduce((s, l) => s + l.quantity, 0) };
}

/**
 * A product as a reader sees it: without what it costs (average cost and buying price answered as
 * 0, "not known", as a blind reader's levels are) unless their work shows costs (`seesCosts`: a
 * supplier receipt's unit costs are refused them too).
 */
export function costsFor(user: { role: string; roles: Readonly<UserRoles> }) {
  const sees = seesCosts(user);
  return <P extends { avg_cost: number; buying_price: number }>(product: P): P =>
    sees ? product : { ...product, avg_cost: 0, buying_price: 0 };
}
