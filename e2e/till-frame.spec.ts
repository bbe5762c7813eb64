import { type Page, expect, test } from '@playwright/test';
import { ADMIN, BASE_URL, apiLoginInPage, ensureSetup, holdAppCode } from './support/fixtures';
import { stockedProduct } from './support/seed';
import { dropWorkDrafts } from './support/stock-screens';
import { adminSpec } from './support/admin-spec';

// The till's frame (issue 21, apps/web/src/lib/start-frame.ts): on a till's address, signed in,
// the till's outline and its empty cart's words paint before the app's code has arrived, and the
// codes scanned meanwhile are added once the till is up.

test.beforeAll(ensureSetup);

const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const EMPTY = 'Scan a barcode or tap a product to start the sale.';

const spec = adminSpec({ dropDrafts: true });

const line = (page: Page, name: string) => page.getByRole('group', { name });

test.describe("the till's frame", () => {
  test.beforeEach(async ({ page }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await dropWorkDrafts(page.request);
  });

  test('paints before the app and keeps the codes scanned into it; the till adds them in order', async ({
    page,
  }) => {
    const soap = await stockedProduct(
      spec.api,
      { name: `Frame soap ${RUN}`, code: `TFSP${RUN}`, barcode: `6164${RUN}0011`, price: 12000 },
      spec.main,
      10,
    );
    const salt = await stockedProduct(
      spec.api,
      { name: `Frame salt ${RUN}`, code: `TFSL${RUN}`, barcode: `6164${RUN}0028`, price: 4500 },
      spec.main,
      10,
    );
    const release = await holdAppCode(page);
    await page.goto('/cash-sale', { waitUntil: 'commit' });

    // the frame, with the empty cart's words, while none of the app's code has run
    const frame = page.locator('#duka-start[data-frame="till"]');
    await expect(frame).toBeVisible();
    await expect(frame.getByText(EMPTY)).toBeVisible();
    expect(await page.locator('#root').innerHTML()).toBe('');

    // two scans and the start of a search typed into it
    await page.keyboard.type(`6164${RUN}0011`);
    await page.keyboard.press('Enter');
    await page.keyboard.type(`6164${RUN}0028`);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Frame');
    release();

    await expect(frame).toHaveCount(0);
    await expect(line(page, soap.name)).toBeVisible();
    await expect(line(page, salt.name)).toBeVisible();
    await expect(page.getByLabel(`Quantity of ${soap.name}`)).toHaveValue('1');
    await expect(page.getByLabel(`Quantity of ${salt.name}`)).toHaveValue('1');
    // in the order scanned
    const names = await page
      .getByRole('group')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(names.filter((n) => n?.startsWith('Frame '))).toEqual([soap.name, salt.name]);
    // what followed the last Enter carries on in the search
    await expect(page.getByTestId('till-search')).toHaveValue('Frame');
  });

  test("gives way after 15 s when the app's code does not come; the till, once up, still adds what was scanned", async ({
    page,
  }) => {
    const tea = await stockedProduct(
      spec.api,
      { name: `Frame tea ${RUN}`, code: `TFTE${RUN}`, barcode: `6164${RUN}0035`, price: 9000 },
      spec.main,
      10,
    );
    await page.clock.install();
    const release = await holdAppCode(page);
    await page.goto('/cash-sale', { waitUntil: 'commit' });
    const frame = page.locator('#duka-start[data-frame="till"]');
    await expect(frame).toBeVisible();
    await page.keyboard.type(`6164${RUN}0035`);
    await page.keyboard.press('Enter');
    await page.clock.runFor(14_000);
    await expect(frame).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(frame).toHaveCount(0);
    await page.clock.resume();
    release();
    // the app's first frame left the kept keys to the till (app-router.tsx), which added them
    await expect(line(page, tea.name)).toBeVisible();
    await expect(page.getByLabel(`Quantity of ${tea.name}`)).toHaveValue('1');
  });

  test('follows the chosen language and scheme; not on other screens; signed out or the session gone, the sign-in page', async ({
    page,
  }) => {
    const prefs = encodeURIComponent(JSON.stringify({ language: 'es', layout: { variant: 'Dark' } }));
    await page.context().addCookies([{ name: 'duka_prefs', value: prefs, url: BASE_URL }]);
    const release = await holdAppCode(page);
    await page.goto('/cash-sale', { waitUntil: 'commit' });
    const frame = page.locator('#duka-start[data-frame="till"]');
    await expect(
      frame.getByText('Escanee un código de barras o toque un producto para empezar la venta.'),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // the page's background in the dark (app/global.css, --duka-page-bg: Mantine's dark-8)
    expect(await frame.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(31, 31, 31)');

    // another signed-in screen: the start screen, not the till's
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.locator('#duka-start')).toBeVisible();
    await expect(page.locator('#duka-start')).not.toHaveAttribute('data-frame', 'till');
    release();
    await expect(page.locator('#duka-start')).toHaveCount(0);

    // signed out (no signed-in hint): the till's address leads to the sign-in page, no frame
    // (the app's code held meanwhile, so the start screen is still there to be looked at: without
    // it the sign-in page could come before the first look, and there would be nothing to check)
    await page.context().clearCookies();
    const releaseOut = await holdAppCode(page);
    await page.goto('/cash-sale', { waitUntil: 'commit' });
    await expect(page.locator('#duka-start')).toBeVisible();
    await expect(page.locator('#duka-start')).not.toHaveAttribute('data-frame', 'till');
    releaseOut();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('#duka-start')).toHaveCount(0);

    // the session gone overnight but the hint left: the frame, then the sign-in page without it
    await page.context().addCookies([{ name: 'duka_signed_in', value: '1', url: BASE_URL }]);
    const releaseAgain = await holdAppCode(page);
    await page.goto('/cash-sale', { waitUntil: 'commit' });
    await expect(frame).toBeVisible();
    releaseAgain();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('#duka-start')).toHaveCount(0);
  });
});
