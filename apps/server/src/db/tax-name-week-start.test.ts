import { describe, expect, it } from 'vitest';
import { toBusiness, toBusinessPublic } from '../modules/business/business.repository.js';
import { freshDatabase } from '../test/test-db.js';
import { migrate } from './database.js';

describe('migration 0036-tax-name-week-start', () => {
  it("gives every business no tax name of its own (the language's word) and weeks from Monday", async () => {
    const { db, dispose } = await freshDatabase('0035-receipt-columns');
    try {
      const at = '2026-12-05T10:00:00.000Z';
      // A row as the schema of 0035 had it (`as never`: the typed tables are today's).
      await db.kysely
        .insertInto('businesses')
        .values({
          id: 'b1',
          name: 'Shop',
          currency: 'KES',
          timezone: 'Africa/Nairobi',
          language: 'en',
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      await migrate(db);
      const row = await db.kysely
        .selectFrom('businesses')
        .selectAll()
        .where('id', '=', 'b1')
        .executeTakeFirstOrThrow();
      expect([row.tax_name, row.week_start]).toEqual(['', 1]);
      expect(toBusiness(row)).toMatchObject({ tax_name: '', week_start: 1 });
      expect(toBusinessPublic(row, 'hosted')).toMatchObject({ tax_name: '', week_start: 1 });
    } finally {
      await dispose();
    }
  });
});
