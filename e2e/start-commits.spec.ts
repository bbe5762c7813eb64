import { type Page, expect, test } from '@playwright/test';
import { ADMIN, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import { type SchedulerTask, recordSchedulerTasks } from './support/scheduler-tasks.mjs';
import { mainLocation, seedLocation, stockedProduct } from './support/seed';

test.beforeAll(ensureSetup);

/** The scheduler's tasks that committed a screen: a commit that added 40 elements or more. */
const screenCommits = async (page: Page) =>
  (
    await page.evaluate(() => (window as unknown as { __schedulerTasks: SchedulerTask[] }).__schedulerTasks)
  ).filter((t) => t.commits.some((c) => c.added >= 40));

test.describe('the start renders each screen once per task (issue 21)', () => {
  test("the shell's and the till's first commits are the only commits of their tasks", async ({ page }) => {
    await page.addInitScript(recordSchedulerTasks);
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/cash-sale');
    await expect(page.getByTestId('till-search')).toBeVisible();
    await expect(page.getByRole('button', { name: /parked/i })).toBeVisible();
    // the commits that put a screen on the page: the signed-in shell's, then the till's
    const firstCommits = await screenCommits(page);
    expect(firstCommits.length).toBeGreaterThanOrEqual(2);
    // Mantine's ids swapped in a layout effect, or a popover's floating-ui elements and portal made
    // with the screen, set state as they mount: React renders and commits again in the same task,
    // running every effect of the screen's commit with it
    expect(firstCommits.map((t) => t.commits.length)).toEqual(firstCommits.map(() => 1));
  });

  test('with a second location and products: the till offers the locations and still commits once per task', async ({
    page,
  }) => {
    const api = await adminApi();
    const run = Date.now().toString(36).slice(-4).toUpperCase();
    const branch = await seedLocation(api, `Commits branch ${run}`);
    await stockedProduct(
      api,
      { name: `Commits tea ${run}`, code: `SCT${run}`, price: 9000 },
      await mainLocation(api),
      5,
    );
    await api.dispose();
    await page.addInitScript(recordSchedulerTasks);
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/cash-sale');
    await expect(page.getByTestId('till-search')).toBeVisible();
    // the header's choice of location (Mantine's Select made its closed list with the till)
    const location = page.getByRole('combobox', { name: 'Location' });
    await expect(location).toBeVisible();
    const firstCommits = await screenCommits(page);
    expect(firstCommits.length).toBeGreaterThanOrEqual(2);
    expect(firstCommits.map((t) => t.commits.length)).toEqual(firstCommits.map(() => 1));
    await location.selectOption({ label: branch.name });
    await expect(location).toHaveValue(branch.id);
  });

  test("the sign-in page's first commit is the only commit of its task", async ({ page }) => {
    await page.addInitScript(recordSchedulerTasks);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('#duka-start')).toHaveCount(0);
    const firstCommits = await screenCommits(page);
    expect(firstCommits).toHaveLength(1);
    // the form took over from the page's frame with nothing typed in it: no state to set
    expect(firstCommits[0]!.commits).toHaveLength(1);
  });

  test("Mantine's ids are React's, from the first render", async ({ page }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/cash-sale');
    const search = page.getByTestId('till-search');
    await expect(search).toBeVisible();
    // React's useId is `_r_<n>_`; Mantine's own hook swapped it for 9 random letters after mounting
    await expect(search).toHaveAttribute('id', /^mantine-_r_[0-9a-z]+_$/);
  });
});
