import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';
import { seriesCode } from '../../modules/sync/series-codes.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Sync, part 2 (ADR 11 §11.2, §11.4): each server of a business writes its own receipt series
 * (`sync_links.series` on a shop's server, `sync_servers.series` on the hosted one, unique per
 * business over unrevoked servers; `sync_servers.hosted` marks the hosted site's own row, which
 * holds its series once a business sells there), and each location has a home server, where its
 * stock counts and day closes are made. Existing locations belong to the shop server that brought
 * their business (on the hosted side) or to this server.
 */
export function receiptSeries(_dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('sync_links')
        .addColumn('series', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('sync_servers')
        .addColumn('series', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('sync_servers')
        .addColumn('hosted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Part 1 linked one server per business; should two be unrevoked, the later ones get letters.
      const live = await db
        .selectFrom('sync_servers')
        .select(['id', 'business_id'])
        .where('revoked_at', 'is', null)
        .orderBy('business_id')
        .orderBy('linked_at')
        .orderBy('id')
        .execute();
      let prev = '';
      let n = 0;
      for (const row of live as { id: string; business_id: string }[]) {
        n = row.business_id === prev ? n + 1 : 0;
        prev = row.business_id;
        if (n > 0)
          await db
            .updateTable('sync_servers')
            .set({ series: seriesCode(n) })
            .where('id', '=', row.id)
            .execute();
      }
      await db.schema
        .createIndex('sync_servers_series')
        .on('sync_servers')
        .columns(['business_id', 'series'])
        .unique()
        .where(sql.ref('revoked_at'), 'is', null)
        .execute();

      await db.schema.alterTable('locations').addColumn('home_server_id', 'text').execute();
      await sql`UPDATE locations SET home_server_id = COALESCE(
          (SELECT s.id FROM sync_servers s
            WHERE s.business_id = locations.business_id AND s.revoked_at IS NULL AND s.series = ''),
          (SELECT i.id FROM server_identity i))`.execute(db);
    },
  };
}
