import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { type LocationScope, readScopeOf, requireReadable } from '../modules/inventory/location-scope.js';
import { contextOf } from './access.js';

/**
 * The handler of `GET …/:id` for a record kept at a location (an expense, a count, a payment):
 * loaded within the caller's business (404 when not there), then 404 again when it stands at a
 * location the caller may not read.
 */
export async function readableById<T extends { location_id: string }>(
  db: Kysely<Database>,
  request: FastifyRequest & { params: { id: string } },
  what: string,
  load: (db: Kysely<Database>, businessId: string, id: string) => Promise<T>,
): Promise<T> {
  const ctx = contextOf(request);
  const found = await load(db, ctx.businessId, request.params.id);
  await requireReadable(db, ctx, [found.location_id], what);
  return found;
}

/**
 * The handler of a list filtered by `location_id`: the query goes on with the locations the
 * caller may read (a `location_id` outside them is refused, 403).
 */
export async function listInReadScope<Q extends { location_id?: string | undefined }, T>(
  db: Kysely<Database>,
  request: FastifyRequest & { query: Q },
  list: (db: Kysely<Database>, businessId: string, query: Q & { location_ids: LocationScope }) => Promise<T>,
): Promise<T> {
  const ctx = contextOf(request);
  return list(db, ctx.businessId, {
    ...request.query,
    location_ids: await readScopeOf(db, ctx, request.query.location_id),
  });
}
