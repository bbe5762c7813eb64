import type { User } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBusiness } from '../setup/setup.service.js';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildUser, signIn } from '../../test/factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { NAME_CLASHES_MAX, NAME_CLASHES_WINDOW_MS } from './name-clashes.js';

/**
 * Sign-in takes a name and no business, so usernames and mobile numbers are the server's: a name
 * another business holds is refused as taken. On a hosted server that answer told an admin of one
 * business, without limit, which names another business's users have. The taken answers are
 * counted per business (name-clashes.ts): past the limit, every request that sets a name waits.
 */
describe('names another business holds, asked again and again (hosted)', () => {
  let t: TestApp;
  let alpha: string;
  let zebra: string;
  let alphaStaff: User;
  const theirs = ['zebra_boss', 'zebra_till'];
  beforeAll(async () => {
    t = await buildTestApp({ mode: 'hosted' });
    for (const tag of ['alpha', 'zebra']) {
      const input = { business_name: tag, username: `${tag}_boss`, password: ADMIN_PASSWORD };
      await setUpBusiness(
        t.db,
        t.clock,
        { ...input, currency: 'KES', timezone: 'Africa/Nairobi', language: 'en' },
        { onlyIfNone: false, online: true },
      );
    }
    alpha = (await signIn(t.app, 'alpha_boss', ADMIN_PASSWORD)).cookie;
    zebra = (await signIn(t.app, 'zebra_boss', ADMIN_PASSWORD)).cookie;
    await buildUser(t.app, zebra, { username: 'zebra_till', mobile: '0799000999' });
    alphaStaff = await buildUser(t.app, alpha, { username: 'alpha_till' });
  });
  afterAll(() => t.close());

  const create = (cookie: string, username: string, mobile?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie },
      payload: { name: 'New', username, password: STAFF_PASSWORD, ...(mobile ? { mobile } : {}) },
    });
  const rename = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/users/${alphaStaff.id}`,
      headers: { cookie: alpha },
      payload,
    });

  it('answers "taken" for creates and renames up to the limit, then 429 with Retry-After to any name', async () => {
    let n = 0;
    for (let i = 0; n < NAME_CLASHES_MAX; i++) {
      const asked =
        i % 2 === 0
          ? await create(alpha, theirs[i % 4 === 0 ? 0 : 1]!)
          : await rename({ username: theirs[0] });
      expect(asked.statusCode, asked.body).toBe(409);
      expect(asked.json().error.code).toBe('username_taken');
      n++;
      if (i === 6) {
        // a free name goes through and is not counted; a mobile the other business holds is
        const free = await create(alpha, 'alpha_free');
        expect(free.statusCode, free.body).toBe(201);
        const mobile = await rename({ mobile: '0799000999' });
        expect(mobile.json().error.code).toBe('mobile_taken');
        n++;
      }
    }
    for (const late of [await create(alpha, 'alpha_free_2'), await rename({ username: theirs[1] })]) {
      expect(late.statusCode, late.body).toBe(429);
      expect(late.json().error.code).toBe('rate_limited');
      const wait = Number(late.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(NAME_CLASHES_WINDOW_MS / 1000);
    }
    // no user was made meanwhile, and an edit that sets no name still goes through
    expect(
      await t.db.kysely.selectFrom('users').select('id').where('username', '=', 'alpha_free_2').execute(),
    ).toEqual([]);
    expect((await rename({ name: 'Alpha Till' })).statusCode).toBe(200);
    // the other business's own count is its own
    const other = await create(zebra, 'alpha_till');
    expect(other.json().error.code).toBe('username_taken');
    expect((await create(zebra, 'zebra_new')).statusCode).toBe(201);
    // once the window has passed, names are answered again
    t.clock.advance(NAME_CLASHES_WINDOW_MS);
    expect((await create(alpha, 'alpha_free_2')).statusCode).toBe(201);
    expect((await rename({ username: theirs[0] })).json().error.code).toBe('username_taken');
  });
});
