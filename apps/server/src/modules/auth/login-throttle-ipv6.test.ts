import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { ADMIN_PASSWORD, buildBusiness } from '../../test/factories.js';

/**
 * An IPv6 subscriber is given a whole /64 (Kenyan mobile networks hand out IPv6 by default) and
 * may take a new address from it at every attempt: were each address counted alone, the
 * per-address limits would never trigger, and the account's ceiling (100 an hour, from anywhere)
 * would lock the owner out of their own account within seconds.
 */
const login = (t: TestApp, name: string, password: string, from: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login: name, password },
    remoteAddress: from,
  });

describe('failed sign-ins from the addresses of one IPv6 /64', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await buildBusiness(t.app);
  });
  afterAll(() => t.close());

  it('count as one address against the limit of 10 per account and address', async () => {
    for (let i = 1; i <= 10; i++)
      expect((await login(t, 'owner', `wrong-${i}`, `2001:db8:1:2::${i}`)).statusCode).toBe(401);
    expect((await login(t, 'owner', ADMIN_PASSWORD, '2001:db8:1:2::ff')).statusCode).toBe(429);
    // the next /64 is another subscriber's
    expect((await login(t, 'owner', ADMIN_PASSWORD, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('count as one address against the limit of 30 per address across names', async () => {
    t.clock.advance(61 * 60_000);
    for (let i = 1; i <= 30; i++)
      expect((await login(t, `ghost${i}`, 'wrong', `2001:db8:9:9::${i}`)).statusCode).toBe(401);
    expect((await login(t, 'ghost-last', 'wrong', '2001:db8:9:9:ffff::1')).statusCode).toBe(429);
  });

  it('from an IPv4-mapped address count with the same IPv4 address', async () => {
    t.clock.advance(61 * 60_000);
    for (let i = 0; i < 10; i++)
      expect((await login(t, 'owner', `wrong-${i}`, '::ffff:198.51.100.7')).statusCode).toBe(401);
    expect((await login(t, 'owner', ADMIN_PASSWORD, '198.51.100.7')).statusCode).toBe(429);
  });
});

describe('the per-instance flood guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ mode: 'hosted' });
  });
  afterAll(() => t.close());

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    // the link route takes 10 requests in 15 minutes from one client (its keyGenerator is
    // addressForLimits; @fastify/rate-limit's default since 11.2 keys a /64 alike)
    const link = (from: string) =>
      t.app.inject({ method: 'POST', url: '/api/sync/v1/link', payload: {}, remoteAddress: from });
    for (let i = 0; i < 10; i++) expect((await link(`2001:db8:5:5::${i + 1}`)).statusCode).toBe(422);
    expect((await link('2001:db8:5:5::abcd')).statusCode).toBe(429);
    expect((await link('2001:db8:5:6::1')).statusCode).toBe(422);
  });
});
