import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { statementsOf } from '../../test/statements.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A wrong password for a real name and an unknown name take the same work: the same statements,
 * of the same kinds, in the same order. A known user's failure is journaled for their business;
 * an unknown name's was recorded nowhere, one write less, and the time the answer took told which
 * names are users' (the password check itself already runs for both, on a dummy hash).
 */
describe('the work a failed sign-in does', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await buildBusiness(t.app);
  });
  afterAll(() => t.close());

  /** A statement's kind: the writes it makes (a `with` may make two), else its first word. */
  const kindOf = (text: string) => {
    const s = text.trim().toLowerCase();
    const writes = ['insert', 'update', 'delete'].filter((w) => new RegExp(`\\b${w}\\b`).test(s));
    return writes.length > 0 ? writes.join('+') : (/^\w+/.exec(s)?.[0] ?? '');
  };
  const failedSignIn = async (login: string) => {
    const { texts, result } = await statementsOf(t.db, () =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password: 'wrong-pass-9' } }),
    );
    expect(result.statusCode, result.body).toBe(401);
    return { kinds: texts.map(kindOf), body: result.json<unknown>() };
  };
  const journal = async () => (await t.db.kysely.selectFrom('journal').select('seq').execute()).length;

  it('is the same for a wrong password and an unknown name, and an unknown name writes nothing a business sees', async () => {
    const known = await failedSignIn('owner');
    const before = await journal();
    const unknown = await failedSignIn('nobody-here');
    expect(await journal()).toBe(before);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.kinds).toEqual(known.kinds);
    // the journal entry's write is among them: a write after the attempt's count
    expect(known.kinds.slice(known.kinds.indexOf('insert') + 1).some((k) => k.includes('insert'))).toBe(true);
  });
});
