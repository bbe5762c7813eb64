import { expect, test } from '@playwright/test';
import { SYNC_SHOTS, shootSync, signInAdmin } from '../support/sync-screens';
import {
  hostedCli,
  hostedSql,
  linkLocalToHosted,
  localFetch,
  startHosted,
  startLocal,
  stopAll,
} from '../support/sync-stack.mjs';

// A shop whose new users hold more names another hosted business has than the hosted site answers
// in an hour (20 a business, users/name-clashes.ts): real processes, the shop's push goes as far
// as the answers allow (20 set aside as taken), then waits with its reason on the sync screen,
// and the rest waits on the shop, neither lost nor answered (sync/taken-logins.ts `answerNames`). `DUKA_SHOTS=1`
// also shoots the shop's sync screen light and dark, wide and narrow, into /tmp/shots-sync.

const TAKEN = 22;

test.afterEach(async () => {
  const info = test.info();
  await stopAll({ keep: info.status !== info.expectedStatus });
});

test("the shop's push answers 20 taken names, then waits and says why; the rest is kept for later", async ({
  page,
  browser,
}) => {
  test.setTimeout(SYNC_SHOTS ? 600_000 : 300_000);
  const [hosted, local] = await Promise.all([startHosted({ processes: 2 }), startLocal()]);
  await linkLocalToHosted();
  // Another business on the hosted site, whose users hold the names the shop will use.
  const made = await hostedCli([
    ...['init', '--business', 'Other Duka', '--admin-username', 'other-owner'],
    ...['--admin-password', 'Acacia-road-9154', '--admin-name', 'Other Owner'],
    ...['--currency', 'KES', '--timezone', 'Africa/Nairobi'],
  ]);
  const other = /\(id ([^)\s]+)\)/.exec(made)?.[1];
  expect(other, made).toBeTruthy();
  const names = Array.from({ length: TAKEN }, (_, i) => `other_${String(i).padStart(2, '0')}`);
  for (const name of names)
    await hostedSql(
      `create temp table t as select * from users where business_id = '${other}' and username = 'other-owner';
       update t set id = gen_random_uuid()::text, username = '${name}', username_key = '${name}', mobile = null;
       insert into users select * from t;`,
    );
  // The shop makes staff of those names (free on its own PC), then a product, while its line to
  // the hosted site is down: they go in one batch once it is back.
  hosted.chaos.setWeights({ drop: 1 });
  for (const name of names) {
    const r = await localFetch('/api/users', {
      method: 'POST',
      body: { name: `Staff ${name}`, username: name, password: 'staff-pass-123', user_roles: {} },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  const product = await localFetch('/api/products', {
    method: 'POST',
    body: { name: 'Made after the staff', code: 'AFTER-STAFF', price: 1000, tax_rate: 0 },
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  // A push the job read from the journal before the product was made, and sends a moment later,
  // must still meet the cut line: let any such attempt end before the line is back (else a batch
  // of the staff alone went through, its names ran out, and the product waited behind them: a CI
  // run on a busy machine met it).
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  hosted.chaos.setWeights({ pass: 1 });

  // The push job goes as far as the hour's answers allow, then waits with its reason.
  await expect
    .poll(
      async () => {
        const { body } = await localFetch('/api/sync/status');
        return (body as { last_error: { code: string } | null }).last_error?.code;
      },
      { timeout: 90_000 },
    )
    .toBe('sync_names_limited');
  const quarantined = await hostedSql(
    `select count(*)::int as n from sync_quarantine where business_id = $1 and reason = 'username_taken'`,
    [local.businessId],
  );
  expect(quarantined[0].n).toBe(20);
  // the users past the answers are neither on the hosted site nor set aside; the product made
  // after them in the same batch is there already, and the batch's rest waits on the shop
  const waiting = await hostedSql(
    `select count(*)::int as n from users where business_id = $1 and username like 'other\\_%'`,
    [local.businessId],
  );
  expect(waiting[0].n).toBe(0);
  const after = await hostedSql(`select name from products where business_id = $1 and code = $2`, [
    local.businessId,
    'AFTER-STAFF',
  ]);
  expect(after).toEqual([{ name: 'Made after the staff' }]);
  const status = (await localFetch('/api/sync/status')).body as { waiting: { entries: number } };
  expect(status.waiting.entries).toBeGreaterThanOrEqual(TAKEN - 20 + 1);

  // The owner sees why on the shop's sync screen.
  await signInAdmin(page, local.url);
  await page.goto(`${local.url}/profile#sync`);
  await expect(
    page.getByText(/The hosted site has checked as many new user names as it allows in an hour/),
  ).toBeVisible();
  await shootSync(browser, local.url, 'local-names-limited', {
    focus: (p) => p.getByText(/checked as many new user names/),
  });
});
