import type { JournalEntry } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';

describe('journal', () => {
  let t: TestApp;
  let admin: string;
  let staffId: string;
  const read = async (query = '') => {
    const res = await t.app.inject({ url: `/api/journal${query}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    return res.json<JournalEntry[]>();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    const u = await buildUser(t.app, admin, { user_roles: { sell_cash: 1 } });
    staffId = u.id;
    t.clock.advance(60_000);
    await signIn(t.app, u.username, STAFF_PASSWORD, 'TILL-7');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: u.username, password: 'wrong-one' },
      headers: { 'x-device-id': 'TILL-7' },
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.id}`,
      headers: { cookie: admin },
      payload: { name: 'New name' },
    });
  });
  afterAll(() => t.close());

  it('records every write, newest first, with strictly increasing sequence numbers', async () => {
    const rows = await read();
    const actions = rows.map((r) => r.action);
    expect(actions.slice(0, 4)).toEqual(['user.update', 'auth.login_failed', 'auth.login', 'user.create']);
    expect(actions).toEqual(
      expect.arrayContaining(['business.create', 'location.create', 'user.create', 'auth.login']),
    );
    const seqs = rows.map((r) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(rows.find((r) => r.action === 'auth.login_failed')).toMatchObject({
      user_id: staffId,
      device_id: 'TILL-7',
    });
    expect(JSON.stringify(rows)).not.toMatch(/wrong-one|password_hash|\$argon2/);
  });

  it('names whom a user entry is about and the device by the name the admin gave it', async () => {
    const named = await t.app.inject({
      method: 'PATCH',
      url: '/api/devices/TILL-7',
      headers: { cookie: admin },
      payload: { name: 'Front till' },
    });
    expect(named.statusCode).toBe(200);
    const rows = await read();
    const changed = rows.find((r) => r.action === 'user.update' && r.doc_id === staffId);
    expect(changed?.subject_name).toBe('New name');
    const signedIn = rows.find((r) => r.action === 'auth.login' && r.device_id === 'TILL-7');
    expect(signedIn?.device_name).toBe('Front till');
    expect(rows.find((r) => r.doc_type === 'device')?.subject_name).toBe('Front till');
    // an entry about no user or device names nothing
    expect(rows.find((r) => r.doc_type === 'business')?.subject_name ?? null).toBeNull();
  });

  it('filters by user, device, action and date, and pages with before_time and before_seq', async () => {
    expect((await read(`?user_id=${staffId}`)).every((r) => r.user_id === staffId)).toBe(true);
    const byDevice = await read('?device_id=TILL-7');
    expect(byDevice.map((r) => r.action).sort()).toEqual(['auth.login', 'auth.login_failed']);
    expect((await read('?action=auth.login')).every((r) => r.action === 'auth.login')).toBe(true);
    const start = t.clock.now();
    const later = await read(`?from=${encodeURIComponent(new Date(start.getTime() - 30_000).toISOString())}`);
    expect(later.map((r) => r.action)).not.toContain('business.create');
    const first = await read('?limit=2');
    expect(first).toHaveLength(2);
    const next = await read(
      `?limit=2&before_time=${encodeURIComponent(first[1]!.created_at)}&before_seq=${first[1]!.seq}`,
    );
    expect(next[0]!.seq).toBeLessThan(first[1]!.seq);
    // a cursor is both of them or neither
    const half = await t.app.inject({ url: `/api/journal?before_seq=5`, headers: { cookie: admin } });
    expect(half.statusCode).toBe(422);
  });

  it('lists an entry written late at the time it was made, and pages through ties without losing one', async () => {
    // an entry made an hour ago arrives now (as one synced from another server does): a higher
    // seq than every other, an earlier time than the last ones
    t.clock.advance(-3_600_000);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${staffId}`,
      headers: { cookie: admin },
      payload: { name: 'Made an hour ago' },
    });
    t.clock.advance(3_600_000);
    const all = await read('?limit=500');
    const late = all.find(
      (r) =>
        r.action === 'user.update' && r.doc_id === staffId && r.seq === Math.max(...all.map((e) => e.seq)),
    );
    expect(late).toBeDefined();
    expect(all[0]).not.toEqual(late);
    const times = all.map((r) => r.created_at);
    expect(times).toEqual([...times].sort().reverse());
    // many entries share a time here (the test clock stands still): pages of two, each before
    // the last read, give the whole list once, in the same order
    const paged: JournalEntry[] = [];
    let page = await read('?limit=2');
    while (page.length > 0) {
      paged.push(...page);
      const last = page.at(-1)!;
      page = await read(`?limit=2&before_time=${encodeURIComponent(last.created_at)}&before_seq=${last.seq}`);
    }
    expect(paged.map((r) => r.seq)).toEqual(all.map((r) => r.seq));
  });

  it('numbers concurrent writes without gaps or repeats', async () => {
    const before = Math.max(...(await read('?limit=500')).map((r) => r.seq));
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/users/${staffId}`,
          headers: { cookie: admin },
          payload: { name: `Name ${i}` },
        }),
      ),
    );
    const rows = (await read('?limit=8')).map((r) => r.seq).sort((a, b) => a - b);
    expect(rows).toEqual(Array.from({ length: 8 }, (_, i) => before + 1 + i));
  });
});
