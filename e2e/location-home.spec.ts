import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { ADMIN, apiLoginInPage, ensureSetup } from './support/fixtures';
import { pick } from './support/stock-screens';

/**
 * A location whose home is another server of the business (ADR 11 §11.4): it is counted and its
 * days closed there, so a count here is refused in words, and the owner can bring it here.
 * Sync is what brings such a location; the test writes its home into the database directly.
 */
test.beforeAll(ensureSetup);

test('a location counted on another server: the count is refused in words, and the owner brings it here', async ({
  page,
}) => {
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  const name = `Kisumu ${Date.now().toString(36).slice(-4)}`;
  const res = await page.request.post('/api/locations', { data: { name } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const db = new Database(path.join(process.env.DUKA_E2E_DATA_DIR!, 'duka.sqlite'));
  try {
    db.prepare('UPDATE locations SET home_server_id = ? WHERE id = ?').run(
      '0193c000-0000-7000-8000-00000000e15e',
      id,
    );
  } finally {
    db.close();
  }

  await page.goto('/stock-taking');
  await pick(page, /^Location/, name);
  await page.getByRole('button', { name: 'Start count' }).click();
  await expect(page.getByText(/are made on the server it belongs to/)).toBeVisible();

  await page.goto('/locations');
  const row = page.getByTestId(`location-row-${name}`);
  await expect(row.getByTestId('location-home-elsewhere')).toHaveText('Counted elsewhere');
  await row.getByRole('button', { name: 'Count and close here' }).click();
  await expect(
    page.getByText(`${name}: stock counts and day closes are made on this server now.`),
  ).toBeVisible();
  await expect(row.getByTestId('location-home-elsewhere')).toHaveCount(0);

  await page.goto('/stock-taking');
  await pick(page, /^Location/, name);
  await page.getByRole('button', { name: 'Start count' }).click();
  await expect(page.getByRole('heading', { name: `Count at ${name}` })).toBeVisible();
});
