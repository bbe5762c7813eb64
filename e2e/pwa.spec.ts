import { expect, test } from '@playwright/test';
import { ensureSetup } from './support/fixtures';

test.beforeAll(ensureSetup);

// The other specs block the service worker (playwright.config.ts); this one lets it run.
test.use({ serviceWorkers: 'allow' });

test.describe('installable, and opens without the server (issue 21)', () => {
  test('the manifest names the app with its icons', async ({ page, request }) => {
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await request.get(href!)).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Duka', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const res = await request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }
  });

  test('in German the page and its manifest describe the app in German', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await context.addCookies([
      {
        name: 'duka_prefs',
        value: encodeURIComponent(JSON.stringify({ language: 'de' })),
        url: baseURL!,
      },
    ]);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Kasse und Warenwirtschaft für kleine Geschäfte',
    );
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest-de.webmanifest');
    const manifest = (await (await request.get(href!)).json()) as {
      lang: string;
      description: string;
      name: string;
    };
    expect(manifest).toMatchObject({
      name: 'Duka',
      lang: 'de',
      description: 'Kasse und Warenwirtschaft für kleine Geschäfte',
    });
  });

  test('the service worker registers, keeps no API answer, and the sign-in page opens offline', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
    // the worker has installed its precache; the page reloaded under its control
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const apiCached = await page.evaluate(async () => {
      await fetch('/api/health');
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return { total: urls.length, api: urls.filter((u) => u.startsWith('/api')) };
    });
    expect(apiCached.total).toBeGreaterThan(10);
    expect(apiCached.api).toEqual([]);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Mobile or username' })).toBeVisible();
      // the API itself is not answered from any cache
      expect(
        await page.evaluate(() =>
          fetch('/api/health').then(
            () => 'answered',
            () => 'failed',
          ),
        ),
      ).toBe('failed');
    } finally {
      await context.setOffline(false);
    }
  });
});
