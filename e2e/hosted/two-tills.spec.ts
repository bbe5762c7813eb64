import { expect, request as playwrightRequest, test } from '@playwright/test';
import { apiLoginInPage } from '../support/fixtures';
import { mainLocation, stockedProduct } from '../support/seed';
import { HOSTED_URL, OWNER_A } from './hosted-env';
import { cartLine, draftKinds, scanIntoSearch, twoBrowsers } from '../support/till';

/**
 * The owner signed in on two tills at once at the hosted address (the shop's PC and a phone),
 * each request going to either of the two processes: each till keeps its own cart.
 */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();

test('the owner on two tills at once, on two processes: each keeps its own cart and sees the other', async ({
  browser,
}) => {
  const api = await playwrightRequest.newContext({ baseURL: HOSTED_URL });
  const login = await api.post('/api/auth/login', {
    data: { login: OWNER_A.username, password: OWNER_A.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const main = await mainLocation(api);
  const rice = await stockedProduct(
    api,
    { tax_rate: 0, name: `Rice ${RUN}`, code: `HRI${RUN}`, price: 15000 },
    main,
    10,
  );
  const oil = await stockedProduct(
    api,
    { tax_rate: 0, name: `Oil ${RUN}`, code: `HOI${RUN}`, price: 32000 },
    main,
    10,
  );
  const { pc, phone, close } = await twoBrowsers(browser, HOSTED_URL, async (page) => {
    await apiLoginInPage(page, OWNER_A.username, OWNER_A.password);
    for (const d of (await (await page.request.get('/api/work-drafts')).json()) as { id: string }[])
      await page.request.delete(`/api/work-drafts/${d.id}`);
  });
  try {
    for (const page of [pc, phone]) {
      await page.goto('/cash-sale');
      await expect(page.getByTestId('till-cart-title')).toBeVisible();
    }
    await scanIntoSearch(pc, rice.code, { shown: true });
    await expect(cartLine(pc, rice.name)).toBeVisible();
    await expect.poll(() => draftKinds(pc)).toEqual(['cart']);
    await scanIntoSearch(phone, oil.code, { shown: true });
    await expect(cartLine(phone, oil.name)).toBeVisible();
    await expect.poll(() => draftKinds(phone)).toEqual(['cart', 'parked elsewhere']);
    await scanIntoSearch(pc, rice.code, { shown: true });
    await expect(pc.getByLabel(`Quantity of ${rice.name}`)).toHaveValue('2');
    await expect.poll(() => draftKinds(pc)).toEqual(['cart', 'parked elsewhere']);

    for (const [page, own, other] of [
      [pc, rice, oil],
      [phone, oil, rice],
    ] as const) {
      await page.reload();
      await expect(cartLine(page, own.name)).toBeVisible();
      await expect(cartLine(page, other.name)).toBeHidden();
      await page.getByTestId('till-parked').click();
      await expect(page.getByText('Open on another till')).toBeVisible();
      await page.keyboard.press('Escape');
    }
    // the tills' carts go, so what follows starts at an empty till
    for (const page of [pc, phone])
      for (const d of (await (await page.request.get('/api/work-drafts')).json()) as { id: string }[])
        await page.request.delete(`/api/work-drafts/${d.id}`);
  } finally {
    await close();
    await api.dispose();
  }
});
