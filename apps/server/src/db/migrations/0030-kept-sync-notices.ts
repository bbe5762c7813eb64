import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * A sync server's row sends its notice (migration 0023, db/pg-kept.ts) only when what the session
 * read asks of it changes: made or gone, its business, whether it is the hosted site's own row,
 * revoked. Before, every push, pull and hello moved its contact times and cursors, and each sent
 * one: every process then read that business's sessions again, and each of those commits took the
 * database-wide lock notices take, for a few thousand shops every few seconds. PostgreSQL only.
 */
export const KEPT_SYNC_COLUMNS = ['business_id', 'hosted', 'revoked_at'] as const;

export function keptSyncNotices(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (dialect !== 'postgres') return;
      const [olds, news] = [
        KEPT_SYNC_COLUMNS.map((c) => `OLD.${c}`).join(', '),
        KEPT_SYNC_COLUMNS.map((c) => `NEW.${c}`).join(', '),
      ];
      await sql.raw('DROP TRIGGER sync_servers_kept_insert ON sync_servers').execute(db);
      await sql
        .raw(
          'CREATE TRIGGER sync_servers_kept_insert AFTER INSERT OR DELETE ON sync_servers' +
            ' FOR EACH ROW EXECUTE FUNCTION duka_kept_changed()',
        )
        .execute(db);
      await sql
        .raw(
          'CREATE TRIGGER sync_servers_kept_update AFTER UPDATE ON sync_servers' +
            ` FOR EACH ROW WHEN ((${olds}) IS DISTINCT FROM (${news})) EXECUTE FUNCTION duka_kept_changed()`,
        )
        .execute(db);
    },
  };
}
