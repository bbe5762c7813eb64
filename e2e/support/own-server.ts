import fs from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { type Running, exited, startServer, tempDir } from './server-process';

/**
 * A server of the spec's own, on an empty data folder: started before the spec's tests and stopped
 * after (call at a spec's top level), with the few steps specs take on it.
 */
export function ownServer(before?: () => void) {
  let server: Running;
  let dir: string;
  test.beforeAll(async () => {
    before?.();
    dir = tempDir();
    server = await startServer({ DATA_DIR: dir });
  });
  test.afterAll(async () => {
    process.kill(-server.child.pid!, 'SIGTERM');
    await exited(server.child);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const url = () => server.url;

  /** A JSON write the screens need; fails the spec with the server's answer when refused. */
  async function api<T = { id: string }>(
    page: Page,
    path: string,
    data: object,
    method: 'post' | 'patch' = 'post',
  ): Promise<T> {
    const res = await page.request[method](`${server.url}${path}`, { data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as T;
  }

  /** Creates the business and its admin through the setup page, as a new shop does. */
  async function setUp(page: Page) {
    await page.goto(`${server.url}/setup`);
    await page.getByLabel(/^Business name/).fill('Duka la Kwanza');
    await page.getByLabel(/^Name$/).fill('Neema Owner');
    await page.getByLabel(/^Username/).fill('neema');
    await page.getByLabel(/^Password/).fill('owner-pass-123');
    await page.getByLabel(/^Repeat the password/).fill('owner-pass-123');
    await page.getByRole('button', { name: 'Create business' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }

  /** The shop's first location (made at setup). */
  async function firstLocation(page: Page): Promise<{ id: string }> {
    const [shop] = (await (await page.request.get(`${server.url}/api/locations`)).json()) as { id: string }[];
    return shop!;
  }

  return { url, api, setUp, firstLocation };
}
