import { type CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * A statement's plan as the server runs it: its parameters bound, and on PostgreSQL the generic
 * plan (what a statement prepared by name is planned as after its first runs), with sequential
 * scans off so that a small test table still shows the index a big one would use.
 */
export async function queryPlan(db: Db, compiled: CompiledQuery): Promise<string> {
  if (db.dialect === 'sqlite') {
    const rows = db.sqlite!.prepare(`explain query plan ${compiled.sql}`).all(...compiled.parameters) as {
      detail: string;
    }[];
    return rows.map((r) => r.detail).join('\n');
  }
  return db.kysely.connection().execute(async (c) => {
    await sql`set enable_seqscan = off`.execute(c);
    await sql`set plan_cache_mode = force_generic_plan`.execute(c);
    await sql.raw(`prepare duka_plan as ${compiled.sql}`).execute(c);
    try {
      const args = compiled.parameters.map((p) => `'${String(p)}'`).join(', ');
      const { rows } = await sql
        .raw<{ 'QUERY PLAN': string }>(`explain execute duka_plan(${args})`)
        .execute(c);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await sql`deallocate duka_plan`.execute(c);
      await sql`reset enable_seqscan`.execute(c);
      await sql`reset plan_cache_mode`.execute(c);
    }
  });
}
