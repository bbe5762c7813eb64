import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { buildBusiness } from '../../test/factories.js';

/**
 * A known user's failures count under their user id, whichever form of their mobile is typed
 * (254… or +254…). Were an unknown name's counted under the text as typed, 10 wrong passwords for
 * `254…` then one for `+254…` would answer 429 for a registered number and 401 for another:
 * eleven requests would tell whether a phone number has an account (on a hosted server, in any
 * business).
 */
const login = (t: TestApp, name: string, from: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login: name, password: 'not-the-password' },
    remoteAddress: from,
  });

/** 10 failures for a mobile without its +, then the answer to one with it. */
async function probe(t: TestApp, digits: string, from: string): Promise<number> {
  for (let i = 0; i < 10; i++) expect((await login(t, digits, from)).statusCode).toBe(401);
  return (await login(t, `+${digits}`, from)).statusCode;
}

describe('the failed sign-in counters of a name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await buildBusiness(t.app, { mobile: '+254711000111' });
  });
  afterAll(() => t.close());

  it('answer a registered and an unregistered mobile number alike, whichever form is typed', async () => {
    const registered = await probe(t, '254711000111', '203.0.113.1');
    const unregistered = await probe(t, '254722000222', '203.0.113.2');
    expect(registered).toBe(429);
    expect(unregistered).toBe(429);
  });

  it('count an unknown name in any case and with spaces around it as one name', async () => {
    for (let i = 0; i < 10; i++) expect((await login(t, 'Nobody', '203.0.113.3')).statusCode).toBe(401);
    expect((await login(t, ' NOBODY ', '203.0.113.3')).statusCode).toBe(429);
  });
});
