import { expect, test } from '@playwright/test';
import { ADMIN, ensureSetup, uiLogin } from './support/fixtures';

test.beforeAll(ensureSetup);

test('no page breaks its own content security policy: sign-in, dashboard, till, stock (issue 21)', async ({
  page,
}) => {
  const first = await page.goto('/login');
  // The policy is there and strict: scripts from the app itself, no eval.
  const policy = first?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'/);
  expect(policy).not.toContain('unsafe-eval');

  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);

  await uiLogin(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);

  for (const [path, ready] of [
    ['/cash-sale', page.getByTestId('till-search')],
    ['/stock', page.getByRole('heading', { name: 'Manage Stock' })],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
});
