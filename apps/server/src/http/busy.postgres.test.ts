import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { setUpBusiness } from '../modules/setup/setup.service.js';
import { ADMIN_PASSWORD, signIn } from '../test/factories.js';
import { type TestApp, buildTestApp } from '../test/test-app.js';
import { freshSchemaWithClients } from '../test/test-db.js';

/**
 * One business's rows held locked (a process paused in its transaction, a long import) must not
 * stop the others: its waiting requests give up after `lock_timeout` with 503 `server_busy`, and
 * the pool's connections go back to the other businesses' requests.
 */
describe('a business held locked on the hosted server', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.reverse()) await c();
    cleanups.length = 0;
  });

  it('answers its waiting writes server_busy, and keeps serving the other businesses', async () => {
    const fresh = await freshSchemaWithClients(undefined, cleanups);
    const db = openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      pgSchema: fresh.schema,
      pgPoolMax: 3,
      pgWaits: { lockMs: 300, connectMs: 5_000 },
    });
    const t: TestApp = await buildTestApp({ mode: 'hosted' }, { db, dispose: () => db.close() });
    cleanups.push(() => t.close());
    const open = async (tag: string) => {
      const made = await setUpBusiness(
        t.db,
        t.clock,
        {
          business_name: `${tag} Traders`,
          username: `${tag}boss`,
          password: ADMIN_PASSWORD,
          currency: 'KES',
          timezone: 'Africa/Nairobi',
          language: 'en',
        },
        { onlyIfNone: false, online: true },
      );
      return { id: made.business.id, cookie: (await signIn(t.app, `${tag}boss`, ADMIN_PASSWORD)).cookie };
    };
    const x = await open('x');
    const y = await open('y');
    // another process's transaction holds X's row, as a sale's does, and stops there
    const other = await fresh.client();
    await other.query('begin');
    await other.query('select id from businesses where id = $1 for update', [x.id]);
    const writes = Array.from({ length: 6 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { cookie: x.cookie },
        payload: { name: `Held ${i}`, code: `H${i}`, price: 100 },
      }),
    );
    const read = t.app.inject({ url: '/api/products', headers: { cookie: y.cookie } });
    const timer = new Promise<'stuck'>((r) => setTimeout(() => r('stuck'), 8_000));
    const answered = await Promise.race([read, timer]);
    expect(answered === 'stuck' ? 'stuck' : answered.statusCode).toBe(200);
    const held = await Promise.race([Promise.all(writes), timer]);
    expect(held).not.toBe('stuck');
    for (const res of held as Awaited<(typeof writes)[number]>[]) {
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('server_busy');
      expect(res.headers['retry-after']).toBe('1');
    }
    await other.query('rollback');
    // the lock gone, X writes again
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: x.cookie },
      payload: { name: 'Free', code: 'F1', price: 100 },
    });
    expect(after.statusCode).toBe(201);
  });
});
