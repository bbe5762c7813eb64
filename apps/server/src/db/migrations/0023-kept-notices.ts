import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * The notices a hosted server's processes keep their session reads by (db/pg-kept.ts, issue 21),
 * PostgreSQL only: a row of the tables a signed-in request's session read reads
 * (`SESSION_TABLES`), changed or deleted, sends its tag on the `duka_kept` channel as its
 * transaction commits — a session by its token's hash, a user by id, a business by id, a sync
 * server by its business (it decides whether a shop keeps the business). A new session or user
 * changes nothing kept, so only their updates and deletes send one.
 */
export const KEPT_TRIGGERS: readonly [table: string, events: string, when?: string][] = [
  // A session's last_seen_at alone sends nothing: it moves once a minute per session, and every
  // transaction that notifies takes a database-wide lock at its commit (to keep the notices in
  // commit order). The process that moved it drops its own read; the others read it again
  // within `KEPT_MS` (30 s), nothing in a 12-hour idle limit.
  [
    'sessions',
    'UPDATE',
    `(to_jsonb(OLD) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at')`,
  ],
  ['sessions', 'DELETE'],
  ['users', 'UPDATE OR DELETE'],
  ['businesses', 'UPDATE OR DELETE'],
  ['sync_servers', 'INSERT OR UPDATE OR DELETE'],
];

export function keptNotices(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql
        .raw(
          `CREATE FUNCTION duka_kept_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  CASE TG_TABLE_NAME
    WHEN 'sessions' THEN PERFORM pg_notify('duka_kept', 's:' || r.token_hash);
    WHEN 'users' THEN PERFORM pg_notify('duka_kept', 'u:' || r.id);
    WHEN 'businesses' THEN PERFORM pg_notify('duka_kept', 'b:' || r.id);
    ELSE PERFORM pg_notify('duka_kept', 'b:' || r.business_id);
  END CASE;
  RETURN NULL;
END
$$`,
        )
        .execute(db);
      for (const [table, events, when] of KEPT_TRIGGERS)
        await sql
          .raw(
            `CREATE TRIGGER ${table}_kept_${events.split(' ')[0]!.toLowerCase()} AFTER ${events} ON ${table}` +
              ` FOR EACH ROW ${when ? `WHEN (${when}) ` : ''}EXECUTE FUNCTION duka_kept_changed()`,
          )
          .execute(db);
    },
  };
}
