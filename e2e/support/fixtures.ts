import { type APIRequestContext, type Page, expect, request as playwrightRequest } from '@playwright/test';

export const BASE_URL = `http://127.0.0.1:${process.env.DUKA_E2E_PORT ?? 3199}`;
export const ADMIN = { username: 'admin', password: 'admin-pass-123', name: 'Amina Wanjiru' };
export const SHOP_NAME = 'Mama Mboga Supermarket Ltd';
export const STAFF_PASSWORD = 'staff-pass-123';

/** Sets the business up through the API when no earlier spec did it through the page. */
export async function ensureSetup(): Promise<void> {
  const ctx = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const status = (await (await ctx.get('/api/setup')).json()) as { setup_required: boolean };
  if (status.setup_required) {
    const res = await ctx.post('/api/setup', {
      data: {
        business_name: SHOP_NAME,
        currency: 'KES',
        timezone: 'Africa/Nairobi',
        language: 'en',
        admin_name: ADMIN.name,
        username: ADMIN.username,
        password: ADMIN.password,
      },
    });
    // two workers starting on a fresh database both find it unset; the one that comes second is
    // answered 409, and the shop is then set up by the first
    if (res.status() !== 409) expect(res.status(), await res.text()).toBe(201);
    const after = (await (await ctx.get('/api/setup')).json()) as { setup_required: boolean };
    expect(after.setup_required).toBe(false);
  }
  await ctx.dispose();
}

/** An API context signed in as the admin. */
export async function adminApi(): Promise<APIRequestContext> {
  await ensureSetup();
  const ctx = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const res = await ctx.post('/api/auth/login', {
    data: { login: ADMIN.username, password: ADMIN.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ctx;
}

let counter = 0;
/** Creates a staff user (or any role) with the given flags; answers its username. */
export async function createUser(
  api: APIRequestContext,
  opts: { flags?: string[]; role?: string; name?: string; location_ids?: string[] } = {},
): Promise<string> {
  counter += 1;
  const username = `u${Date.now().toString(36)}${counter}`;
  const user_roles = Object.fromEntries((opts.flags ?? []).map((f) => [f, 1]));
  const res = await api.post('/api/users', {
    data: {
      name: opts.name ?? `Staff ${counter}`,
      username,
      password: STAFF_PASSWORD,
      role: opts.role ?? 'staff',
      user_roles,
      ...(opts.location_ids ? { location_ids: opts.location_ids } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return username;
}

export async function setBusiness(api: APIRequestContext, body: Record<string, unknown>): Promise<void> {
  const res = await api.patch('/api/business/profile', { data: body });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs in through the login page. */
export async function uiLogin(page: Page, login: string, password: string): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel(/^Mobile or username/).fill(login);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs a page's browser in through the API with a device header (no device step). */
export async function apiLoginInPage(
  page: Page,
  login: string,
  password: string,
  deviceId = 'E2EDEVICE01',
): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    data: { login, password },
    headers: { 'X-Device-Id': deviceId },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * The device ids saved in IndexedDB bizonline, store device, at the seed spec's native version 12
 * (a store an earlier build made at 120 opens as it is: apps/web/src/lib/device-store.test.ts).
 */
export async function storedDevices(page: Page): Promise<string[]> {
  return (await storedDeviceRecords(page)).map((r) => r.mac);
}

/** The rows of the device store: the id and the device token the server issued (ADR 8). */
export async function storedDeviceRecords(page: Page): Promise<{ mac: string; token?: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ mac: string; token?: string }[]>((resolve, reject) => {
        const open = indexedDB.open('bizonline');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          if (db.version !== 12 || !db.objectStoreNames.contains('device')) {
            resolve([{ mac: `bad schema v${db.version}` }]);
            return;
          }
          const req = db.transaction('device').objectStore('device').getAll();
          req.onsuccess = () => resolve(req.result as { mac: string; token?: string }[]);
          req.onerror = () => reject(new Error(String(req.error)));
        };
      }),
  );
}

/** The side menu as a user sees it, groups opened one by one: "Add Stock > From supplier". */
export async function readMenu(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav).toBeVisible();
  const entries = nav.locator('[data-menu-entry]');
  const out: string[] = [];
  for (let i = 0; i < (await entries.count()); i++) {
    const entry = entries.nth(i);
    const id = await entry.getAttribute('data-menu-entry');
    const label = (await entry.innerText()).trim();
    const tag = await entry.evaluate((el) => el.tagName);
    if (tag === 'A') {
      out.push(label);
      continue;
    }
    if ((await entry.getAttribute('data-expanded')) === null) await entry.click();
    const children = nav.locator(`[data-menu-parent="${id}"]`);
    await expect(children.first()).toBeVisible();
    for (const text of await children.allInnerTexts()) out.push(`${label} > ${text.trim()}`);
  }
  return out;
}

/** Holds the app's code (its entry) back until the returned function is called, as on a slow line. */
export async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
