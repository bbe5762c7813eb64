import { expect, test } from '@playwright/test';
import { ensureSetup } from './support/fixtures';

test.beforeAll(ensureSetup);

const SIGN_IN: Record<string, { title: string; name: string }> = {
  en: { title: 'Sign in', name: 'English' },
  es: { title: 'Iniciar sesión', name: 'Español' },
  pt: { title: 'Entrar', name: 'Português' },
  de: { title: 'Anmelden', name: 'Deutsch' },
};

test.describe('four languages (seed spec §1, §9)', () => {
  for (const [lang, { title, name }] of Object.entries(SIGN_IN)) {
    test(`the login page in ${lang}, fetched from /assets/i18n/${lang}.json and kept`, async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      const fetched = page
        .waitForRequest((r) => new URL(r.url()).pathname === `/assets/i18n/${lang}.json`, { timeout: 5000 })
        .catch(() => null);
      await page.getByRole('combobox', { name: /^(Language|Idioma|Sprache)$/ }).selectOption({ label: name });
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      if (lang !== 'en') expect(await fetched).not.toBeNull();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await page.reload();
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    });
  }

  test('an unknown browser language falls back to en', async ({ browser }) => {
    const ctx = await browser.newContext({ locale: 'fr-FR' });
    const page = await ctx.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await ctx.close();
  });
});
