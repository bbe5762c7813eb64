import { type Page, expect, test } from '@playwright/test';
import { ADMIN, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import { type SchedulerTask, recordSchedulerTasks } from './support/scheduler-tasks.mjs';
import { mainLocation, seedLocation, stockedProduct } from './support/seed';

test.beforeAll(ensureSetup);

/** The commits that put a screen on the page (40 elements or more), each with those made inside it. */
const screenCommits = async (page: Page) => {
  const tasks = await page.evaluate(
    () => (window as unknown as { __schedulerTasks: SchedulerTask[] }).__schedulerTasks,
  );
  return tasks.flatMap((t) =>
    t.commits
      .filter((c) => c.added >= 40)
      .map((screen) => ({
        added: screen.added,
        // a state set as the screen mounted (a layout effect, a ref): rendered and committed inside
        // the screen's commit, in its task, running every effect of the screen's commit with it
        nested: t.commits.filter((c) => c.at > screen.at && c.depth > screen.depth).length,
      })),
  );
};

test.describe('the start renders each screen once (issue 21)', () => {
  test("nothing renders again inside the shell's and the till's first commits", async ({ page }) => {
    await page.addInitScript(recordSchedulerTasks);
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/cash-sale');
    await expect(page.getByTestId('till-search')).toBeVisible();
    await expect(page.getByRole('button', { name: /parked/i })).toBeVisible();
    // the signed-in shell's, then the till's; Mantine's ids swapped in a layout effect, or a
    // popover's floating-ui elements and portal made with the screen, set state as they mount
    const screens = await screenCommits(page);
    expect(screens.length).toBeGreaterThanOrEqual(2);
    expect(screens.map((c) => c.nested)).toEqual(screens.map(() => 0));
  });

  test("with a second location and products: nothing renders again inside the till's first commit either", async ({
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
    const screens = await screenCommits(page);
    expect(screens.length).toBeGreaterThanOrEqual(2);
    expect(screens.map((c) => c.nested)).toEqual(screens.map(() => 0));
    await location.selectOption({ label: branch.name });
    await expect(location).toHaveValue(branch.id);
  });

  test("nothing renders again inside the sign-in page's first commit", async ({ page }) => {
    await page.addInitScript(recordSchedulerTasks);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('#duka-start')).toHaveCount(0);
    // the form took over from the page's frame with nothing typed in it: no state to set
    const screens = await screenCommits(page);
    expect(screens).toHaveLength(1);
    expect(screens[0]!.nested).toBe(0);
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
