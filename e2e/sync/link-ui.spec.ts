import { expect, test } from '@playwright/test';
import { SYNC_SHOTS, shootSync, signInAdmin } from '../support/sync-screens';
import {
  compareDigests,
  digestBusiness,
  hostedCli,
  localFetch,
  stack,
  startHosted,
  startLocal,
  stopAll,
  waitUntilSynced,
} from '../support/sync-stack.mjs';

// The owner's journey through the sync screens in a real browser (ADR 11 §8): a link code made
// on the hosted site, entered on the shop PC's business profile, the header light going green,
// and the hosted copy read-only for the shop's owner there. `DUKA_SHOTS=1` also shoots both
// sides light and dark, wide and narrow, into /tmp/shots-sync.

test.afterEach(async () => {
  const info = test.info();
  await stopAll({ keep: info.status !== info.expectedStatus });
});

test('the owner links the shop PC from its business profile; the hosted copy shows the shop, read-only', async ({
  page,
  browser,
}) => {
  if (SYNC_SHOTS) test.setTimeout(600_000);
  const [hosted, local] = await Promise.all([startHosted({ weights: { pass: 1 } }), startLocal()]);
  // A sale before linking: the history goes too.
  const sale = await localFetch('/api/locations');
  expect(sale.status).toBe(200);

  await signInAdmin(page, local.url);
  await page.goto(`${local.url}/profile#sync`);
  const form = page.getByRole('form', { name: /link to a hosted site/i });
  await expect(form).toBeVisible();
  await shootSync(browser, local.url, 'local-unlinked');

  // A wrong code is refused in words, and nothing is linked.
  await form.getByLabel(/hosted site address/i).fill(stack().chaos!.url);
  await form.getByLabel(/^link code/i).fill('ZZZZ-ZZZZ');
  await form.getByRole('button', { name: /^link$/i }).click();
  await expect(page.getByText(/link code is wrong, used or expired/i)).toBeVisible();

  const out = await hostedCli(['link-code', '--business-id', hosted.businessId]);
  const code = /Link code: (\S+)/.exec(out)![1]!;
  await form.getByLabel(/^link code/i).fill(code);
  await form.getByRole('button', { name: /^link$/i }).click();
  await expect(page.getByText(/linked to/i).first()).toBeVisible();
  await waitUntilSynced({ timeoutMs: 60_000 });
  await expect(page.getByRole('link', { name: /sync is up to date/i })).toBeVisible({ timeout: 40_000 });
  // The shop that brought the business numbers without a letter (ADR 11 §11.2).
  await expect(page.getByTestId('local-series')).toHaveText('This PC numbers its receipts 000001, 000002, …');
  await shootSync(browser, local.url, 'local-linked');
  // The hosted business is now the shop's own (same id), equal to it table by table.
  const mine = await digestBusiness('local');
  const theirs = await digestBusiness('hosted', { businessId: local.businessId });
  expect(compareDigests(mine, theirs, { names: ['local', 'hosted'] })).toEqual([]);

  // On the hosted site the shop's owner signs in with the shop's password and sees it read-only.
  await signInAdmin(page, hosted.url);
  await expect(page.getByText(/kept on the shop's PC/i).first()).toBeVisible();
  await page.goto(`${hosted.url}/cash-sale`);
  await expect(page.getByText(/kept on the shop's PC/i).first()).toBeVisible();
  await page.goto(`${hosted.url}/profile#sync`);
  await expect(page.getByRole('button', { name: /link a shop pc/i })).toBeVisible();
  await expect(page.getByText(/dks1_/).first()).toBeVisible();
  await expect(page.getByTestId('server-series')).toHaveText('Receipts 000001, 000002, …');
  await shootSync(browser, hosted.url, 'hosted-linked');
});
