import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Branches, branchesOfShop } from '../../test/series-branches.js';
import { KEYS } from '../../test/sync-harness.js';
import { linkOf } from './link-local.js';
import { pullPending } from './pull.js';
import { pushPending } from './push.js';

/**
 * A shop PC unlinked and linked again while its old link's pull still waited (the QA's sync run):
 * the old pull's 401 came back under the old credential and marked the NEW link revoked, and sync
 * stopped until the owner linked a third time. A job's answer changes only the link it read.
 */
describe('a late answer to a link that was replaced', () => {
  let s: Branches;
  beforeEach(async () => {
    s = await branchesOfShop('Relink');
  });
  afterEach(() => s.close());

  it('leaves the new link as it is, for a pull and for a push', async () => {
    const b = await s.branch('b');
    await s.linkBranch(b.app);
    const old = (await linkOf(b.app.db, s.businessId))!;
    const res = await b.app.app.inject({
      method: 'POST',
      url: '/api/sync/unlink',
      headers: { cookie: b.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    await s.linkBranch(b.app);
    const fresh = (await linkOf(b.app.db, s.businessId))!;
    expect(fresh.credential).not.toBe(old.credential);

    const deps = { db: b.app.db, keys: KEYS, now: () => b.app.clock.now() };
    // the hosted site no longer knows the old credential: both jobs are told so
    expect(await pullPending(deps, old)).toMatchObject({ kind: 'stopped', state: 'revoked' });
    expect(await pushPending(deps, { ...old, push_cursor: 0, push_cursor_entry_id: null })).toMatchObject({
      kind: 'stopped',
    });
    const now = (await linkOf(b.app.db, s.businessId))!;
    expect(now.state).toBe(fresh.state);
    expect(now.state).not.toBe('revoked');
    expect(now.last_error_code).toBe(fresh.last_error_code);
  });
});
