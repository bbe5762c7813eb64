import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { queryPlan } from '../../test/query-plan.js';
import { freshDatabase } from '../../test/test-db.js';
import { countsRead } from '../notifications/notifications.service.js';
import { reorderRead } from '../reports/dashboard-reads.js';
import { unstockedLevels } from './reorder-products.js';

/**
 * The reads of the products that can be low (the notifications' poll, the dashboard, the stock
 * report's 0 at a location where they have no level) find them by migration 0029's partial index,
 * `products_reorder`, not by reading every product of the business. Asked as the server asks them: with their parameters bound, under PostgreSQL's generic
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

  it("the stock report's products with no level at a location: products_reorder, each level by its key", async () => {
    const businessId = '01a2b3c4-0000-7000-8000-000000000009';
    const locationId = '01a2b3c4-0000-7000-8000-000000000008';
    const compiled = unstockedLevels(db.kysely, businessId, locationId)
      .select(['p.id', 'loc.name'])
      .compile();
    const plan = await queryPlan(db, compiled);
    expect(plan, compiled.sql).toContain('products_reorder');
    // the levels by an index (SQLite: their key), never every level read
    expect(plan, compiled.sql).toMatch(/(index|using) \w*stock_levels/i);
    expect(plan, compiled.sql).not.toMatch(/SCAN l\b|Seq Scan on stock_levels/);
  });
});
