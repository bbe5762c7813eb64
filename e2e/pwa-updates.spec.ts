import { type Page, expect, test } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, BASE_URL, apiLoginInPage, ensureSetup } from './support/fixtures';

/**
 * The service worker across the server's restarts and the app's updates: a new build reaches an
 * open till, a restart does not sign it out, and neither a worker nor the browser keeps what it
 * must not (a page under a chunk's name, a slip after sign-out).
 */
test.beforeAll(ensureSetup);
// The other specs block the service worker (playwright.config.ts); these let it run.
test.use({ serviceWorkers: 'allow' });

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const target = new URL(BASE_URL);
const TILL = { name: 'Make a sale › cash', level: 1 } as const;

/**
 * A proxy in front of the e2e server, on a port of its own: `down` drops every connection (the
 * shop's server restarting); `files` serves the web app's files from another folder (a new build
 * deployed), `swFrom` only sw.js from it (a rolling deploy: one instance already serves the new
 * worker). A file of such a folder is answered as the server answers it (web-app.ts): a page path
 * gets index.html, a missing file a 404.
 */
class Proxy {
  down = false;
  files: string | null = null;
  swFrom: string | null = null;
  url = '';
  private readonly sockets = new Set<Socket>();
  private readonly server = http.createServer((req, res) => this.answer(req, res));

  async start(): Promise<this> {
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The server goes away (every open connection dropped) or comes back. */
  setDown(down: boolean): void {
    this.down = down;
    if (down) for (const s of this.sockets) s.destroy();
  }

  close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    return new Promise((r) => this.server.close(() => r()));
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (this.down) {
      req.socket.destroy();
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (!pathname.startsWith('/api')) {
      if (this.files) return serveFile(this.files, pathname, res);
      if (this.swFrom && pathname === '/sw.js') return serveFile(this.swFrom, pathname, res);
    }
    const up = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  }
}

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

function serveFile(dir: string, pathname: string, res: http.ServerResponse): void {
  const asked = path.join(dir, pathname === '/' ? 'index.html' : pathname);
  const found = asked.startsWith(dir) && fs.existsSync(asked) && !fs.statSync(asked).isDirectory();
  if (!found && /^\/assets\/|\.[A-Za-z0-9]+$/.test(pathname)) {
    res.writeHead(404, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end('{}');
    return;
  }
  const file = found ? asked : path.join(dir, 'index.html');
  const immutable = /^\/assets\/[^/]+-[A-Za-z0-9_-]{7}\.(?:js|css)$/.test(pathname);
  res.writeHead(200, {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable && found ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  res.end(fs.readFileSync(file));
}

/** A copy of the build marked as build "B": index.html carries a marker, sw.js a new revision of it. */
function buildB(extra?: (dir: string) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-build-b-'));
  fs.cpSync(DIST, dir, { recursive: true, filter: (f) => !/\.(?:br|gz)$/.test(f) });
  const index = path.join(dir, 'index.html');
  fs.writeFileSync(
    index,
    fs.readFileSync(index, 'utf8').replace('<head>', '<head>\n    <meta name="duka-build" content="B">'),
  );
  const sw = path.join(dir, 'sw.js');
  const worker = fs.readFileSync(sw, 'utf8');
  const revised = worker.replace(
    /\{url:"index\.html",revision:"[0-9a-f]+"\}/,
    '{url:"index.html",revision:"buildb"}',
  );
  expect(revised, 'sw.js precaches index.html by its revision').not.toBe(worker);
  fs.writeFileSync(sw, revised);
  extra?.(dir);
  return dir;
}

/** The build the page runs: "B" once it carries build B's marker. */
const buildOf = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="duka-build"]')?.getAttribute('content') ?? 'A');

/** The page under the app's service worker (its first visit installs it; a reload puts it in charge). */
async function underWorker(page: Page): Promise<void> {
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

let proxy: Proxy;
const folders: string[] = [];
test.beforeEach(async () => {
  proxy = await new Proxy().start();
});
test.afterEach(async () => {
  await proxy.close();
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

test.describe('a new build reaches an open till (service-worker.ts, sw-updates.ts)', () => {
  test('a till reloaded after a deploy runs the new build, with no worker left waiting', async ({ page }) => {
    await page.goto(`${proxy.url}/login`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await underWorker(page);
    expect(await buildOf(page)).toBe('A');

    const b = buildB();
    folders.push(b);
    proxy.files = b; // the shop updated Duka; the server now serves build B

    // the cashier reloads the till: the new worker installs, waits, and is taken at once
    await page.reload();
    await expect
      .poll(
        async () => {
          const waiting = await page
            .evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null)
            .catch(() => 'reloading');
          return { build: await buildOf(page).catch(() => 'reloading'), waiting };
        },
        { timeout: 20_000 },
      )
      .toEqual({ build: 'B', waiting: null });
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('a worker installed mid-deploy never keeps a page under a chunk’s name', async ({ page }) => {
    // build B has a chunk build A does not have
    const NEW_CHUNK = 'assets/new-chunk-ZZZZZZZ.js';
    const b = buildB((dir) => {
      fs.writeFileSync(path.join(dir, NEW_CHUNK), 'export const fromBuildB = 1;\n');
      const sw = path.join(dir, 'sw.js');
      fs.writeFileSync(
        sw,
        fs
          .readFileSync(sw, 'utf8')
          .replace('{url:"index.html"', `{url:"${NEW_CHUNK}",revision:null},{url:"index.html"`),
      );
    });
    folders.push(b);
    await page.goto(`${proxy.url}/login`);
    await underWorker(page);

    // a rolling deploy: one instance serves B's worker, the one that answers its files is still A
    proxy.swFrom = b;
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg?.update().catch(() => undefined);
      // the install ends: failed (a file missing) or waiting
      while (reg?.installing) await new Promise((r) => setTimeout(r, 100));
    });
    proxy.swFrom = null;
    proxy.files = b; // the deploy is done: every instance serves B

    await page.reload();
    await expect.poll(() => buildOf(page).catch(() => 'reloading'), { timeout: 20_000 }).toBe('B');
    const kept = await page.evaluate(async (u) => {
      const res = await caches.match(new URL(u, window.location.href).href);
      return res ? (await res.text()).slice(0, 40) : null;
    }, NEW_CHUNK);
    expect(kept).toContain('export const fromBuildB');
  });
});

test('the till opened while the shop server restarts stays, says so, and comes back by itself', async ({
  page,
}) => {
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  await page.goto(`${proxy.url}/cash-sale`);
  await expect(page.getByRole('heading', TILL)).toBeVisible();
  await underWorker(page);
  await expect(page.getByRole('heading', TILL)).toBeVisible();

  proxy.setDown(true); // the local server restarts
  await page.reload(); // the shell comes from the worker's cache
  const notice = page.getByRole('status').filter({ hasText: 'The server did not answer. Trying again…' });
  await expect(notice).toBeVisible();
  // seen, not only present: nothing (the till's start frame, drawn over the page) lies on top of it
  await expect
    .poll(() =>
      notice.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return top !== null && el.contains(top);
      }),
    )
    .toBe(true);
  if (process.env.DUKA_SHOTS) await page.screenshot({ path: '/tmp/shots-unanswered/till.png' });
  await page.waitForTimeout(1500);
  expect(new URL(page.url()).pathname).toBe('/cash-sale');
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);

  proxy.setDown(false); // the server is back
  await expect(page.getByRole('heading', TILL)).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe('/cash-sale');
});

test('a content-named file the server does not have is a 404 kept nowhere, never index.html', async ({
  request,
}) => {
  const res = await request.get('/assets/gone-AAAAAAA.js');
  expect({
    status: res.status(),
    type: res.headers()['content-type'],
    cache: res.headers()['cache-control'],
  }).toEqual({ status: 404, type: expect.stringMatching(/^application\/json/), cache: 'no-store' });
});

test('an image opened in its own tab is not shown from the browser cache after sign-out', async ({
  page,
}) => {
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  const up = await page.request.post('/api/files/images', {
    multipart: {
      avatar: {
        name: 'slip.png',
        mimeType: 'image/png',
        buffer: fs.readFileSync(path.join(DIST, 'assets/icons/icon-192.png')),
      },
    },
  });
  expect(up.status(), await up.text()).toBe(201);
  const { name } = (await up.json()) as { name: string };
  // the expenses table opens a slip in a new tab (expenses-table.tsx: href={fileUrl(x.image)})
  expect((await page.goto(`/api/files/${name}`))?.status()).toBe(200);
  await page.goto('/login');
  expect((await page.request.post('/api/auth/logout')).status()).toBeLessThan(300);
  // the next person at this PC opens it from the browser's history
  expect((await page.goto(`/api/files/${name}`))?.status()).toBe(401);
});
