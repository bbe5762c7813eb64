import { type Page, expect, test } from '@playwright/test';
import { ADMIN, BASE_URL, apiLoginInPage, ensureSetup, holdAppCode } from './support/fixtures';

// The sign-in page's frame (issue 21, apps/web/src/lib/login-frame.ts): on /login, signed out, the
// sign-in card paints before the app's code has arrived, laid out as the page lays it out, and what
// is typed into it (even the button pressed) carries on in the page once it is up.

test.beforeAll(ensureSetup);

const frame = (page: Page) => page.locator('#duka-start[data-frame="login"]');

/** Where each part of the card is, in the frame (`frame`) or in the page the app rendered. */
function cardBoxes(page: Page, inFrame: boolean) {
  return page.evaluate((inFrame) => {
    const box = (el: Element | null | undefined) => {
      if (!el) return null;
      const b = el.getBoundingClientRect();
      return [b.x, b.y, b.width, b.height].map((v) => Math.round(v));
    };
    const q = (s: string) => document.querySelector(s);
    const labels = Array.from(document.querySelectorAll('label'));
    return inFrame
      ? [
          box(q('.duka-login-card')),
          box(q('.duka-login-head svg')),
          box(q('.duka-login-title')),
          box(q('.duka-login-subtitle')),
          box(labels[0]),
          box(q('.duka-login-hint')),
          box(q('input[name="login"]')),
          box(labels[1]),
          box(q('input[name="password"]')),
          box(q('.duka-login-button')),
        ]
      : [
          box(q('main > div')),
          box(q('main img')),
          box(q('h1')),
          box(q('main p')),
          box(labels[0]),
          box(q('.mantine-InputWrapper-description')),
          box(q('input[autocomplete="username"]')),
          box(labels[1]),
          box(q('.mantine-PasswordInput-input')),
          box(q('button[type="submit"]')),
        ];
  }, inFrame);
}

test.describe("the sign-in page's frame", () => {
  for (const [name, viewport] of [
    ['wide', { width: 1280, height: 900 }],
    ['narrow', { width: 390, height: 844 }],
  ] as const) {
    test(`paints before the app, where the page puts the card (${name}); what was typed carries on`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const release = await holdAppCode(page);
      await page.goto('/login', { waitUntil: 'commit' });
      await expect(frame(page)).toBeVisible();
      await expect(frame(page).getByText('Welcome back. Sign in to open your shop.')).toBeVisible();
      expect(await page.locator('#root').innerHTML()).toBe('');
      const painted = await cardBoxes(page, true);

      await frame(page).getByLabel('Mobile or username').fill('wanjiku');
      await frame(page).getByLabel('Password').fill('secr');
      release();

      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect(frame(page)).toHaveCount(0);
      // the page took over where the frame was: every part of the card in the same place
      expect(await cardBoxes(page, false)).toEqual(painted);
      await expect(page.getByLabel('Mobile or username')).toHaveValue('wanjiku');
      const password = page.getByLabel(/^Password/);
      await expect(password).toHaveValue('secr');
      await expect(password).toBeFocused();
      await page.keyboard.type('et');
      await expect(password).toHaveValue('secret');
    });
  }

  test('signs in once the app is up when Sign in was pressed in the frame', async ({ page }) => {
    const release = await holdAppCode(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await frame(page).getByLabel('Mobile or username').fill(ADMIN.username);
    await frame(page).getByLabel('Password').fill(ADMIN.password);
    await frame(page).getByLabel('Password').press('Enter');
    await expect(frame(page)).toHaveAttribute('data-submitted', '');
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Logged in', { exact: true })).toBeVisible();
  });

  test('follows the chosen language and scheme; not painted signed in, nor on other screens', async ({
    page,
  }) => {
    const prefs = encodeURIComponent(JSON.stringify({ language: 'de', layout: { variant: 'Dark' } }));
    await page.context().addCookies([{ name: 'duka_prefs', value: prefs, url: BASE_URL }]);
    let release = await holdAppCode(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(
      frame(page).getByText('Willkommen zurück. Melden Sie sich an, um Ihr Geschäft zu öffnen.'),
    ).toBeVisible();
    await expect(frame(page).getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // the card's surface in the dark (app/global.css, --duka-surface: Mantine's dark-7)
    expect(
      await page.locator('.duka-login-card').evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(36, 36, 36)');
    release();
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // another screen: the plain start screen
    release = await holdAppCode(page);
    await page.goto('/setup', { waitUntil: 'commit' });
    await expect(page.locator('#duka-start')).toBeVisible();
    await expect(page.locator('#duka-start[data-frame]')).toHaveCount(0);
    release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // signed in, /login is no sign-in page: no frame of it
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    release = await holdAppCode(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.locator('#duka-start')).toBeVisible();
    await expect(frame(page)).toHaveCount(0);
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
