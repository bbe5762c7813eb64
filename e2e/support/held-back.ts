import type { Page } from '@playwright/test';

/**
 * Holds back the app's chunk whose file matches `file` (as on a slow line) until the returned
 * function is called: for what a screen does while a part's code is still on its way.
 */
export async function holdBack(page: Page, file: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(file, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
