import type { Business, BusinessPublic, SessionData } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';

/**
 * The profile's settings for shops outside Kenya: what the business calls its tax (GST, ICMS…,
 * empty = the language's word) and the first day of its week (Monday, Sunday or Saturday). Saved
 * by the admin, refused with a typed code on the field when wrong, and told to every user (the
 * session's business, `GET /api/business`), who need them for the till and the reports.
 */
describe("the business's tax name and first day of the week", () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    const u = await buildUser(t.app, admin);
    staff = (await signIn(t.app, u.username, STAFF_PASSWORD)).cookie;
  });
  afterAll(() => t.close());

  const patch = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: '/api/business/profile', headers: { cookie: admin }, payload });
  const region = async () => {
    const p = (
      await t.app.inject({ url: '/api/business/profile', headers: { cookie: admin } })
    ).json<Business>();
    return { tax_name: p.tax_name, week_start: p.week_start };
  };
  /** What each user's app is told: the session's business and `GET /api/business`. */
  const told = async (cookie: string) => {
    const me = (await t.app.inject({ url: '/api/me', headers: { cookie } })).json<SessionData>();
    const open = (await t.app.inject({ url: '/api/business', headers: { cookie } })).json<BusinessPublic>();
    return [
      { tax_name: me.business.tax_name, week_start: me.business.week_start },
      { tax_name: open.tax_name, week_start: open.week_start },
    ];
  };

  it('a new business has no name of its own and weeks from Monday', async () => {
    expect(await region()).toEqual({ tax_name: '', week_start: 1 });
    for (const cookie of [admin, staff])
      expect(await told(cookie)).toEqual([
        { tax_name: '', week_start: 1 },
        { tax_name: '', week_start: 1 },
      ]);
  });

  it('saves a name (trimmed) and Sunday, reads them back and tells every user; empty goes back to the word', async () => {
    const saved = await patch({ tax_name: '  GST ', week_start: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ tax_name: 'GST', week_start: 0 });
    expect(await region()).toEqual({ tax_name: 'GST', week_start: 0 });
    for (const cookie of [admin, staff])
      expect(await told(cookie)).toEqual([
        { tax_name: 'GST', week_start: 0 },
        { tax_name: 'GST', week_start: 0 },
      ]);
    // twelve characters, accented ones too; Saturday
    expect((await patch({ tax_name: 'Impôt ÉTAT 1', week_start: 6 })).statusCode).toBe(200);
    expect(await region()).toEqual({ tax_name: 'Impôt ÉTAT 1', week_start: 6 });
    // one field alone leaves the other
    expect((await patch({ tax_name: 'ICMS' })).statusCode).toBe(200);
    expect(await region()).toEqual({ tax_name: 'ICMS', week_start: 6 });
    expect((await patch({ tax_name: '', week_start: 1 })).statusCode).toBe(200);
    expect(await region()).toEqual({ tax_name: '', week_start: 1 });
    expect(await told(staff)).toEqual([
      { tax_name: '', week_start: 1 },
      { tax_name: '', week_start: 1 },
    ]);
  });

  it.each([
    [{ tax_name: 'Sales tax 16%' }, 'tax_name'], // 13 characters
    [{ tax_name: 'GST\n16' }, 'tax_name'],
    [{ tax_name: 'G\u0007ST' }, 'tax_name'],
    [{ tax_name: '\u202eTSG' }, 'tax_name'],
    [{ tax_name: 16 }, 'tax_name'],
    [{ tax_name: null }, 'tax_name'],
    [{ week_start: 2 }, 'week_start'],
    [{ week_start: 7 }, 'week_start'],
    [{ week_start: -1 }, 'week_start'],
    [{ week_start: '0' }, 'week_start'],
    [{ week_start: 'sunday' }, 'week_start'],
    [{ week_start: null }, 'week_start'],
    [{ tax_name: 'GST', week_start: 3 }, 'week_start'],
  ])('refuses %j with validation_failed on its field, changing nothing', async (payload, field) => {
    expect((await patch({ tax_name: 'VAT', week_start: 0 })).statusCode).toBe(200);
    const res = await patch(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
    expect(await region()).toEqual({ tax_name: 'VAT', week_start: 0 });
  });

  it('lets only the admin change them', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: staff },
      payload: { tax_name: 'GST', week_start: 6 },
    });
    expect(res.statusCode).toBe(403);
  });
});
