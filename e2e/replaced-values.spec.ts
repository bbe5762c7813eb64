import { expect, test } from '@playwright/test';
import { openDebtorHistory, writeLosses } from './support/field-history';
import { ADMIN, apiLoginInPage, ensureSetup } from './support/fixtures';

/**
 * A debtor's and a user's values replaced by a sync merge (ADR 11 §11.1), as the owner reads them.
 * A merge needs two servers, so the losses are written into this server's database the way a
 * merge writes them (`field_history`); the route, the drawers and their words are the real ones.
 */
test.beforeAll(ensureSetup);

test('the owner reads what a sync replaced on a debtor and on a user', async ({ page }) => {
  test.setTimeout(90_000);
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  const tag = Date.now().toString(36).slice(-5);
  const debtorRes = await page.request.post('/api/debtors', {
    data: { name: `Juma Otieno ${tag}`, phone: '0722000111', credit_limit: 100_000 },
  });
  expect(debtorRes.status(), await debtorRes.text()).toBe(201);
  const debtor = (await debtorRes.json()) as { id: string };
  const userRes = await page.request.post('/api/users', {
    data: {
      name: `Akinyi ${tag}`,
      username: `akinyi${tag}`,
      password: 'staff-pass-123',
      role: 'staff',
      user_roles: {},
    },
  });
  expect(userRes.status(), await userRes.text()).toBe(201);
  const user = (await userRes.json()) as { id: string; name: string };
  writeLosses([
    {
      docType: 'debtor',
      docId: debtor.id,
      field: 'credit_limit',
      value: { credit_limit: 50_000 },
      won: { credit_limit: 100_000 },
    },
    {
      docType: 'debtor',
      docId: debtor.id,
      field: 'phone',
      value: { phone: '0700123456' },
      won: { phone: '0722000111' },
    },
    {
      docType: 'user',
      docId: user.id,
      field: 'name',
      value: { name: 'Akinyi W.' },
      won: { name: user.name },
    },
    {
      docType: 'user',
      docId: user.id,
      field: 'password_hash',
      value: { password_hash: 'scrypt$lost' },
      won: { password_hash: 'scrypt$won' },
    },
  ]);

  // The debtor: a tab of their drawer, each replaced value in words.
  const list = await openDebtorHistory(page, debtor.id);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText(
    /Credit limit .*500\.00 set on another server at .+ was replaced by .*1,000\.00 set here at/,
  );
  await expect(list).toContainText(
    /Phone 0700123456 set on another server at .+ was replaced by 0722000111 set here/,
  );

  // The user: under their edit form; the password only said to have changed, never its hash.
  await page.goto('/users');
  await page
    .getByRole('button', { name: `Actions for ${user.name}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Edit user' }).click();
  const form = page.getByRole('dialog', { name: 'Edit user' });
  const section = form.getByRole('region', { name: 'Replaced values' });
  await section.scrollIntoViewIfNeeded();
  await expect(section).toContainText(
    new RegExp(`Name Akinyi W\\. set on another server at .+ was replaced by ${user.name} set here`),
  );
  await expect(section).toContainText(
    /Password \(hidden\) set on another server at .+ was replaced by \(hidden\)/,
  );
  await expect(section).not.toContainText('scrypt');
});
