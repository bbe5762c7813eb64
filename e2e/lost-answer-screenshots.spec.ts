import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import { mainLocation, newId, stockedProduct } from './support/seed';
import { eachScreen } from './support/screens';
import { dropWorkDrafts } from './support/stock-screens';

/**
 * What a cashier or an owner sees when a write's answer is lost (the request goes, no answer
 * comes): the till's alert in the pay panel, a count's finalise, a new expense category. Light
 * and dark, 1440 and 390 wide, written to /tmp/shots-lost for people to look at.
 */
test.beforeAll(ensureSetup);

const DIR = '/tmp/shots-lost';
const RUN = Date.now().toString(36).slice(-4).toUpperCase();

test('lost answers: the till, a count and a new category, light and dark, wide and narrow', async ({
  page,
}) => {
  test.setTimeout(300_000);
  mkdirSync(DIR, { recursive: true });
  const api = await adminApi();
  const main = await mainLocation(api);
  const tea = await stockedProduct(api, { name: `Tea ${RUN}`, code: `LATEA${RUN}`, price: 25_000 }, main, 50);
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  // every write below goes and never answers
  for (const url of ['**/api/sales', '**/api/stock-counts/*/finalise', '**/api/expense-categories'])
    await page.route(url, (route) =>
      route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue(),
    );

  await eachScreen(page, async (name) => {
    await dropWorkDrafts(page.request);
    // the last round's sale on its way, kept in this browser, would bring its cart back
    await page.goto('/profile');
    await page.evaluate(() => localStorage.removeItem('duka.till.sale-on-its-way'));
    await page.goto('/cash-sale');
    await expect(page.getByTestId('till-search')).toBeFocused();
    await page.keyboard.type(tea.code, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(`Quantity of ${tea.name}`)).toHaveValue('1');
    await page.keyboard.press('F9');
    const pay = page.getByRole('dialog', { name: 'Pay · Cash sale' });
    await expect(pay.getByLabel('Amount tendered')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(pay.getByTestId('sale-alert')).toContainText('the sale may already be recorded', {
      timeout: 20_000,
    });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${DIR}/till-${name}.png` });
  });

  const count = await api.post('/api/stock-counts', { data: { id: newId(), location_id: main } });
  expect(count.status(), await count.text()).toBe(201);
  await eachScreen(page, async (name) => {
    await page.goto('/stock-taking');
    // the list, or the count itself when the screen kept it open
    const resume = page.getByRole('button', { name: 'Continue counting' }).first();
    await expect(resume.or(page.getByRole('button', { name: 'Review variances' }))).toBeVisible();
    if (await resume.isVisible()) await resume.click();
    await page.getByRole('button', { name: 'Review variances' }).click();
    await page.getByRole('button', { name: 'Finalise count' }).click();
    const confirm = page.getByRole('dialog', { name: 'Finalise count' });
    await confirm.getByRole('button', { name: 'Finalise count' }).click();
    await expect(confirm.getByText(/may already be finalised/)).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${DIR}/count-${name}.png` });
  });
  await api.post(`/api/stock-counts/${(await count.json()).id}/cancel`);

  await eachScreen(page, async (name) => {
    await page.goto('/expenses');
    await page.getByRole('tab', { name: 'Categories' }).click();
    await page.getByLabel('Category name').fill(`Transport ${RUN}`);
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByText(/may already be saved/)).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${DIR}/category-${name}.png`, fullPage: true });
  });
});
