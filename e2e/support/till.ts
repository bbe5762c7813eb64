import { type Page, expect } from '@playwright/test';

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
