import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, TEST_DIALECT } from '../test/test-db.js';

/**
 * Several schemas share one PostgreSQL database (every test file has its own; a hosted operator
 * may keep others). Kysely used to find another schema's migration tables, skip making its own,
 * then fail with "relation kysely_migration_lock does not exist".
 */
describe('migrations beside another schema that was migrated', () => {
  const decoy = `decoy_${randomBytes(4).toString('hex')}`;
  const url = process.env.DATABASE_URL;

  afterAll(async () => {
    if (TEST_DIALECT !== 'postgres' || !url) return;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${decoy} CASCADE`);
    await c.end();
  });

  it('migrates its own schema and reads its own tables', async () => {
    if (TEST_DIALECT === 'postgres') {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`CREATE SCHEMA ${decoy}`);
      await c.query(
        `CREATE TABLE ${decoy}.kysely_migration (name varchar(255) primary key, timestamp varchar(255))`,
      );
      await c.query(
        `CREATE TABLE ${decoy}.kysely_migration_lock (id varchar(255) primary key, is_locked integer)`,
      );
      await c.end();
    }
    const { db, dispose } = await freshDatabase();
    try {
      const businesses = await db.kysely.selectFrom('businesses').select('id').execute();
      expect(businesses).toEqual([]);
      // Introspection (the migrator's, the tests') sees its own schema only, never the decoy's
      // tables, and no other schema dropped meanwhile can fail it (db/pg-introspector.ts).
      const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
      expect(tables.filter((t) => t.name === 'kysely_migration')).toHaveLength(1);
      expect(tables.find((t) => t.name === 'sales')?.columns.map((c) => c.name)).toContain('business_id');
    } finally {
      await dispose();
    }
  });
});
