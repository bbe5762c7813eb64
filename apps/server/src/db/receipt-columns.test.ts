import { describe, expect, it } from 'vitest';
import { toBusiness, toBusinessPublic } from '../modules/business/business.repository.js';
import { freshDatabase } from '../test/test-db.js';
import { migrate } from './database.js';

describe('migration 0035-receipt-columns', () => {
  it('gives every business the characters per line its roll width meant: 58 mm 32, 80 mm 48', async () => {
    const { db, dispose } = await freshDatabase('0034-document-drawer-openings');
    try {
      const at = '2026-11-25T10:00:00.000Z';
      // Rows as the schema of 0034 had them (`as never`: the typed tables are today's).
      const business = (id: string, width: number) =>
        db.kysely
          .insertInto('businesses')
          .values({
            id,
            name: `Shop ${width}`,
            currency: 'KES',
            timezone: 'UTC',
            language: 'en',
            receipt_width: width,
            created_at: at,
            updated_at: at,
          } as never)
          .execute();
      await business('b58', 58);
      await business('b80', 80);
      await migrate(db);
      const rows = await db.kysely
        .selectFrom('businesses')
        .selectAll()
        .where('id', 'in', ['b58', 'b80'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.id, r.receipt_width, r.receipt_columns])).toEqual([
        ['b58', 58, 32],
        ['b80', 80, 48],
      ]);
      // as the profile and every user read them
      expect(rows.map((r) => toBusiness(r).receipt_columns)).toEqual([32, 48]);
      expect(rows.map((r) => toBusinessPublic(r, 'local').receipt_columns)).toEqual([32, 48]);
    } finally {
      await dispose();
    }
  });
});
