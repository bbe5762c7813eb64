import { expect, test } from '@playwright/test';
import { openDebtorHistory, writeLosses } from './support/field-history';
import { ADMIN, apiLoginInPage, ensureSetup } from './support/fixtures';
import { setScheme } from './support/screens';

/**
 * A debtor's "Replaced values" tab (ADR 11 §11.1) in light and dark, on a shop PC and a phone,
 * written to /tmp/shots-replaced; and a user's section under their edit form on a phone.
 */
test.beforeAll(ensureSetup);

const SIZES = [
  { name: 'wide', width: 1366, height: 768 },
  { name: 'narrow', width: 390, height: 844 },
] as const;

test('replaced values of a debtor and a user, light and dark, wide and narrow', async ({ page }) => {
  test.setTimeout(150_000);
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  const tag = Date.now().toString(36).slice(-5);
  const made = await page.request.post('/api/debtors', {
    data: { name: `Juma Otieno ${tag}`, phone: '0722000111', credit_limit: 100_000 },
  });
  expect(made.status()).toBe(201);
  const debtor = (await made.json()) as { id: string };
  const userRes = await page.request.post('/api/users', {
    data: {
      name: `Akinyi ${tag}`,
      username: `akinyi${tag}`,
      password: 'staff-pass-123',
      role: 'staff',
      user_roles: {},
    },
  });
  expect(userRes.status()).toBe(201);
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
    { docType: 'user', docId: user.id, field: 'password_hash', value: {}, won: {} },
  ]);
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      const list = await openDebtorHistory(page, debtor.id);
      await expect(list).toContainText('was replaced by');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/shots-replaced/debtor-${scheme}-${size.name}.png` });
    }
  }
  await page.goto('/users');
  await page.getByRole('button', { name: `Actions for ${user.name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit user' }).click();
  const section = page
    .getByRole('dialog', { name: 'Edit user' })
    .getByRole('region', { name: 'Replaced values' });
  await section.scrollIntoViewIfNeeded();
  await expect(section).toContainText('Password (hidden)');
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/shots-replaced/user-dark-narrow.png' });
});
