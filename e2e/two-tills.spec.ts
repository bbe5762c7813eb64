import { type APIRequestContext, expect, test } from '@playwright/test';
import { BASE_URL, STAFF_PASSWORD, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import { mainLocation, seedSeller, stockedProduct } from './support/seed';
import { cartLine, draftKinds, scanIntoSearch, twoBrowsers } from './support/till';

test.beforeAll(ensureSetup);

const RUN = Date.now().toString(36).slice(-4).toUpperCase();

let api: APIRequestContext;
let main: string;
test.beforeAll(async () => {
  api = await adminApi();
  main = await mainLocation(api);
});
test.afterAll(() => api.dispose());

test('one cashier on two tills at once: each keeps its own cart, and sees the other open there', async ({
  browser,
}) => {
  const bread = await stockedProduct(
    api,
    { tax_rate: 0, name: `Mandazi ${RUN}`, code: `TTM${RUN}`, price: 2000 },
    main,
    10,
  );
  const soap = await stockedProduct(
    api,
    { tax_rate: 0, name: `Sabuni ${RUN}`, code: `TTS${RUN}`, price: 9000 },
    main,
    10,
  );
  const cashier = await seedSeller(api, ['sell_cash'], main);
  const { pc, phone, close } = await twoBrowsers(browser, BASE_URL, (page) =>
    apiLoginInPage(page, cashier, STAFF_PASSWORD),
  );
  try {
    for (const page of [pc, phone]) {
      await page.goto('/cash-sale');
      await expect(page.getByTestId('till-cart-title')).toContainText('Main shop');
    }
    await scanIntoSearch(pc, bread.code);
    await expect(cartLine(pc, bread.name)).toBeVisible();
    await expect.poll(() => draftKinds(pc)).toEqual(['cart']);
    await scanIntoSearch(phone, soap.code);
    await expect(cartLine(phone, soap.name)).toBeVisible();
    // the phone's cart saved: the PC's is still kept, as open on another till
    await expect.poll(() => draftKinds(phone)).toEqual(['cart', 'parked elsewhere']);
    await scanIntoSearch(pc, bread.code); // the PC saves again after the phone did
    await expect(pc.getByLabel(`Quantity of ${bread.name}`)).toHaveValue('2');
    await expect.poll(() => draftKinds(pc)).toEqual(['cart', 'parked elsewhere']);

    // each till, reloaded, has its own cart back, and the other's in its parked list
    for (const [page, own, other] of [
      [pc, bread, soap],
      [phone, soap, bread],
    ] as const) {
      await page.reload();
      await expect(cartLine(page, own.name)).toBeVisible();
      await expect(cartLine(page, other.name)).toBeHidden();
      await expect(page.getByTestId('till-parked')).toContainText('1');
      await page.getByTestId('till-parked').click();
      await expect(page.getByText('Open on another till')).toBeVisible();
      await page.keyboard.press('Escape');
    }
    await expect(pc.getByLabel(`Quantity of ${bread.name}`)).toHaveValue('2');
  } finally {
    await close();
  }
});
