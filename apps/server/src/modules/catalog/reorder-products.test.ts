import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { queryPlan } from '../../test/query-plan.js';
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

  it('the notifications and the dashboard read products_reorder', async () => {
    const businessId = '01a2b3c4-0000-7000-8000-000000000009';
    const day = '2026-12-02T00:00:00.000Z';
    for (const compiled of [
      countsRead.compile(db.kysely, { businessId, before: day, since: day }),
      reorderRead.compile(db.kysely, { businessId }),
    ])
      expect(await queryPlan(db, compiled), compiled.sql).toContain('products_reorder');
  });
});
