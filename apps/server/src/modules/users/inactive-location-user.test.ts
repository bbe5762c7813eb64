import type { Location, User } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { buildBusiness, buildUser } from '../../test/factories.js';
import { buildLocation } from '../../test/stock-factories.js';

/**
 * A location deactivated since it was given to a user stays among the user's (it is no longer
 * checked as a new choice would be): the user is moved to another home, or given other locations,
 * without restating every location; a deactivated location is still refused as a new choice.
 */
describe('a staff user whose location was deactivated', () => {
  let t: TestApp;
  let admin: string;
  let main: Location;
  const req = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    main = (await req('GET', '/api/locations')).json<Location[]>()[0]!;
  });
  afterAll(() => t.close());

  it('can be moved home to an active location without restating every location', async () => {
    const branch = await buildLocation(t.app, admin, 'Closing Branch');
    const u = await buildUser(t.app, admin, {
      home_location_id: branch.id,
      location_ids: [main.id, branch.id],
    });
    const off = await req('PATCH', `/api/locations/${branch.id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    const move = await req('PATCH', `/api/users/${u.id}`, { home_location_id: main.id });
    expect(move.statusCode, move.body).toBe(200);
  });

  it('can have its allowed locations edited while its home is the deactivated one', async () => {
    const branch = await buildLocation(t.app, admin, 'Closing Branch 2');
    const u = await buildUser(t.app, admin, { home_location_id: branch.id, location_ids: [branch.id] });
    expect((await req('PATCH', `/api/locations/${branch.id}`, { active: false })).statusCode).toBe(200);
    const edit = await req('PATCH', `/api/users/${u.id}`, { location_ids: [main.id] });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<User>().location_ids).toContain(main.id);
    // a deactivated location is not a new choice for another user
    const other = await buildUser(t.app, admin, { home_location_id: main.id, location_ids: [main.id] });
    const refused = await req('PATCH', `/api/users/${other.id}`, { location_ids: [main.id, branch.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'validation_failed', field: 'location_ids' });
  });
});
