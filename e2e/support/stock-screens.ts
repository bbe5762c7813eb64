import { type APIRequestContext, type Page, expect } from '@playwright/test';

/** The stock screens' steps, shared by the local and the hosted journeys. */

/**
 * Drops every half-entered document the signed-in user keeps on the server: the stock screens
 * bring a user's draft back, so a spec that starts a document must start from none.
 */
export async function dropWorkDrafts(request: APIRequestContext) {
  const res = await request.get('/api/work-drafts');
  expect(res.status()).toBe(200);
  for (const d of (await res.json()) as { id: string }[]) {
    expect((await request.delete(`/api/work-drafts/${d.id}`)).status()).toBeLessThan(300);
  }
}

export async function pick(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function addProduct(
  page: Page,
  p: { name: string; code: string; barcode?: string },
  price: string,
) {
  await page.getByRole('button', { name: 'Add product' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Add product' });
  await drawer.getByLabel(/^Name/).fill(p.name);
  await drawer.getByLabel(/^Code/).fill(p.code);
  if (p.barcode) {
    await drawer.getByLabel('Barcodes').fill(p.barcode);
    await drawer.getByLabel('Barcodes').press('Enter');
  }
  await drawer.getByLabel(/^Selling price/).fill(price);
  await drawer.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(`Product ${p.name} created`)).toBeVisible();
}

/** Scans (types fast, then Enter) into the search box; the new line's quantity takes the focus. */
export async function scan(page: Page, code: string, qty: string) {
  const search = page.getByTestId('product-search');
  await search.focus();
  await search.pressSequentially(code, { delay: 5 });
  await search.press('Enter');
  const focused = page.locator('input:focus');
  await expect(focused).toHaveAttribute('aria-label', /^Quantity of /);
  await focused.fill(qty);
  await focused.press('Enter');
  await expect(search).toBeFocused();
}
