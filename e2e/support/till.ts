import { type Browser, type Page, expect } from '@playwright/test';

/** A line of the till's cart, by the product's name. */
export const cartLine = (page: Page, name: string) => page.getByRole('group', { name });

/**
 * The kinds of the signed-in user's drafts as the server lists them to this page's session
 * ("cart", "parked", with " elsewhere" when another till still has it open), sorted.
 */
export async function draftKinds(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/work-drafts');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { kind: string; elsewhere?: boolean }[])
    .map((d) => `${d.kind}${d.elsewhere ? ' elsewhere' : ''}`)
    .sort();
}

/** Types like a barcode scanner into the till's search (`shown`: once the product's tile is there). */
export async function scanIntoSearch(page: Page, code: string, options: { shown?: boolean } = {}) {
  await page.getByTestId('till-search').fill(code);
  if (options.shown) await expect(page.getByTestId(`tile-${code}`)).toBeVisible();
  await page.getByTestId('till-search').press('Enter');
}

/**
 * A cash sale of one `code` on the till's page as a cashier makes it: the code typed and Enter,
 * F9, the amount tendered and Enter. Answers the "Sale complete" dialog and the receipt number.
 */
export async function sellForCash(page: Page, code: string, tendered = '2000') {
  const search = page.getByTestId('till-search');
  await search.fill(code);
  await expect(page.getByTestId(`tile-${code}`)).toBeVisible();
  await search.press('Enter');
  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: 'Pay · Cash sale' });
  await pay.getByLabel('Amount tendered').fill(tendered);
  await pay.getByLabel('Amount tendered').press('Enter');
  const done = page.getByRole('dialog', { name: /Sale complete · Receipt #/ });
  await expect(done).toBeVisible();
  const receiptNo = /#(\w+)/.exec(await done.getByRole('heading').first().innerText())![1]!;
  return { done, receiptNo };
}

/**
 * Two browsers of one person, the shop's PC and a phone (each its own cookies and storage), each
 * signed in by `signIn`; `close()` closes both.
 */
export async function twoBrowsers(
  browser: Browser,
  baseURL: string,
  signIn: (page: Page, which: 'pc' | 'phone') => Promise<void>,
): Promise<{ pc: Page; phone: Page; close: () => Promise<void> }> {
  const contexts = [await browser.newContext({ baseURL }), await browser.newContext({ baseURL })];
  const close = async () => {
    for (const c of contexts) await c.close();
  };
  try {
    const pc = await contexts[0]!.newPage();
    const phone = await contexts[1]!.newPage();
    await signIn(pc, 'pc');
    await signIn(phone, 'phone');
    return { pc, phone, close };
  } catch (err) {
    await close();
    throw err;
  }
}
