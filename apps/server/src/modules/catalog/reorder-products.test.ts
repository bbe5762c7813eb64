import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { freshDatabase } from '../../test/test-db.js';
import { countsRead } from '../notifications/notifications.service.js';
import { reorderRead } from '../reports/dashboard-reads.js';

/**
 * The reads of the products that can be low (the notifications' poll, the dashboard) find them by
 * migration 0029's partial index, `products_reorder`, not by reading every product of the
 * business. Asked as the server asks them: with their parameters bound, under PostgreSQL's generic
 * plan (what a statement prepared by name is planned as after its first runs) and SQLite's.
 */
describe('the products that can be low, by their index (issue 21)', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await freshDatabase());
  });
  afterAll(() => dispose());

  async function plan(compiled: CompiledQuery): Promise<string> {
    if (db.dialect === 'sqlite') {
      const rows = db.sqlite!.prepare(`explain query plan ${compiled.sql}`).all(...compiled.parameters) as {
        detail: string;
      }[];
      return rows.map((r) => r.detail).join('\n');
    }
    return db.kysely.connection().execute(async (c) => {
      await sql`set enable_seqscan = off`.execute(c);
      await sql`set plan_cache_mode = force_generic_plan`.execute(c);
      await sql.raw(`prepare reorder_plan as ${compiled.sql}`).execute(c);
      try {
        const args = compiled.parameters.map((p) => `'${String(p)}'`).join(', ');
        const { rows } = await sql
          .raw<{ 'QUERY PLAN': string }>(`explain execute reorder_plan(${args})`)
          .execute(c);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await sql`deallocate reorder_plan`.execute(c);
        await sql`reset enable_seqscan`.execute(c);
        await sql`reset plan_cache_mode`.execute(c);
      }
    });
  }

  it('the notifications and the dashboard read products_reorder', async () => {
    const businessId = '01a2b3c4-0000-7000-8000-000000000009';
    const day = '2026-12-02T00:00:00.000Z';
    for (const compiled of [
      countsRead.compile(db.kysely, { businessId, before: day, since: day }),
      reorderRead.compile(db.kysely, { businessId }),
    ])
      expect(await plan(compiled), compiled.sql).toContain('products_reorder');
  });
});
