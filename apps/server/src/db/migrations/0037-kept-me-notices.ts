import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * What `GET /api/me` reads beside the session (auth/session-data.ts `sessionReads`: the user's
 * locations and the business's open counts) is kept on a hosted server as the session is (migration
 * 0023, db/pg-kept.ts): a row of `user_locations` made, changed or gone, and a count started, gone,
 * or changed in what the read asks of it (its status, location, sales freeze, start), send their
 * business's tag. A count's note or its entries send nothing. PostgreSQL only.
 */
export const KEPT_COUNT_COLUMNS = ['status', 'location_id', 'freeze_sales', 'started_at'] as const;

export function keptMeNotices(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (dialect !== 'postgres') return;
      const [olds, news] = [
        KEPT_COUNT_COLUMNS.map((c) => `OLD.${c}`).join(', '),
        KEPT_COUNT_COLUMNS.map((c) => `NEW.${c}`).join(', '),
      ];
      for (const text of [
        'CREATE TRIGGER user_locations_kept_insert AFTER INSERT OR UPDATE OR DELETE ON user_locations' +
          ' FOR EACH ROW EXECUTE FUNCTION duka_kept_changed()',
        'CREATE TRIGGER stock_counts_kept_insert AFTER INSERT OR DELETE ON stock_counts' +
          ' FOR EACH ROW EXECUTE FUNCTION duka_kept_changed()',
        'CREATE TRIGGER stock_counts_kept_update AFTER UPDATE ON stock_counts' +
          ` FOR EACH ROW WHEN ((${olds}) IS DISTINCT FROM (${news})) EXECUTE FUNCTION duka_kept_changed()`,
      ])
        await sql.raw(text).execute(db);
    },
  };
}
