import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * How far a shop's clock is from the hosted server's (`sync_servers.clock_skew_ms`, written at
 * every push) and from a shop's view the hosted clock's offset (`sync_links.clock_offset_ms`), in
 * milliseconds, as bigint on PostgreSQL. As integer they held ±24.8 days: a shop PC whose clock was
 * further off (a flat clock battery puts it years back) had every push refused 422
 * `sync_batch_invalid`, the skew's update out of range, so it never synced and its owner was never
 * shown the clock as the reason. SQLite's integers are 64-bit already. The tables hold a row a
 * linked shop: rewritten at once.
 */
export function syncClockBigint(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`alter table sync_servers alter column clock_skew_ms type bigint`.execute(db);
      await sql`alter table sync_links alter column clock_offset_ms type bigint`.execute(db);
    },
  };
}
