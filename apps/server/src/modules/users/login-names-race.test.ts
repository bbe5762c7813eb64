import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, signedInBusiness } from '../../test/factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * Sign-in names are the server's one namespace (a username may not be another user's mobile),
 * and a write locks its own business only: two businesses naming users at once, one by a username
 * and the other by the same number as a mobile, leave one of them refused (on PostgreSQL both
 * used to pass the check before either wrote).
 */
describe("hosted: one business's username and another's mobile, sent at once", () => {
  let t: TestApp;
  let adminA: string;
  let adminB: string;
  const business = async (tag: string, username: string) =>
    (await signedInBusiness(t, `${tag} Traders`, username)).cookie;
  beforeAll(async () => {
    t = await buildTestApp({ mode: 'hosted' });
    adminA = await business('Alpha', 'alpha');
    adminB = await business('Beta', 'beta');
  });
  afterAll(() => t.close());

  it('never leaves two users answering to one sign-in name', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) {
      const name = `07330${String(10000 + i)}`;
      const both = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: { cookie: adminA },
          payload: { name: 'A', username: name, password: STAFF_PASSWORD, user_roles: {} },
        }),
        t.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: { cookie: adminB },
          payload: { name: 'B', username: `bee${i}`, mobile: name, password: STAFF_PASSWORD, user_roles: {} },
        }),
      ]);
      answers.push(...both.map((r) => r.statusCode));
    }
    const clashes = await t.db.kysely
      .selectFrom('users as a')
      .innerJoin('users as b', 'b.mobile', 'a.username_key')
      .select(['a.username'])
      .whereRef('a.id', '!=', 'b.id')
      .execute();
    expect(clashes).toEqual([]);
    // one of each pair taken, the other refused by a typed code
    expect(answers.filter((s) => s === 201)).toHaveLength(10);
    expect(answers.filter((s) => s === 409)).toHaveLength(10);
  });
});
