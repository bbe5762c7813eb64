import { gzipSync } from 'node:zlib';
import { type Page, expect, test } from '@playwright/test';
import { ADMIN, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import { seriousAxeFindings } from './support/axe';
import { mainLocation, stockedProduct } from './support/seed';
import { dropWorkDrafts } from './support/stock-screens';
import { holdBack } from './support/held-back';

/** Issue 21's budget, as bench/web.mjs counts it: gzip (level 9) of each script, in KB. */
const gzipKB = (code: Buffer[]) => code.reduce((sum, c) => sum + gzipSync(c, { level: 9 }).length, 0) / 1024;

test.beforeAll(ensureSetup);

test.describe('the first paint does not wait for the app (issue 21)', () => {
  test('the start screen paints before the styles arrive; the app shows styled once they have', async ({
    page,
  }) => {
    // the app's stylesheets held back 1.5 s, as on a slow line
    await page.route(/\/assets\/[^/]+\.css$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const { fcp, cssEnd } = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const css = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) =>
        /\/assets\/[^/]+\.css$/.test(new URL(e.name).pathname),
      );
      return {
        fcp: paint?.startTime ?? null,
        cssEnd: css.length ? Math.min(...css.map((e) => e.responseEnd)) : null,
      };
    });
    expect(fcp).not.toBeNull();
    expect(cssEnd).not.toBeNull();
    // the start screen (its logo inline) painted while the stylesheets were still on their way
    expect(fcp!).toBeLessThan(cssEnd!);
    // and it made way for the app, which the stylesheet styles (the theme's colours win over the
    // stylesheet's defaults: the contrast check fails otherwise)
    await expect(page.locator('#duka-start')).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    expect(await seriousAxeFindings(page, 'login')).toEqual([]);
  });

  test('the page names its stylesheets between the start screen and the app, preloaded in the head', async ({
    request,
  }) => {
    const html = await (await request.get('/login')).text();
    const hrefs = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(0);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('rel="stylesheet"');
    const start = html.indexOf('id="duka-start"');
    const root = html.indexOf('id="root"');
    expect(start).toBeGreaterThan(-1);
    for (const href of hrefs) {
      expect(href).toMatch(/^\/assets\/[\w-]+\.css$/);
      expect(head).toContain(`<link rel="preload" as="style" crossorigin href="${href}">`);
      const sheet = html.indexOf(`<link rel="stylesheet" crossorigin href="${href}">`);
      expect(start).toBeLessThan(sheet);
      expect(sheet).toBeLessThan(root);
    }
  });

  test("a screen's stylesheets come after the first ones, so its CSS modules win a tie with Mantine's", async ({
    page,
    request,
  }) => {
    const first = [
      ...(await (await request.get('/login')).text()).matchAll(
        /<link rel="stylesheet" crossorigin href="([^"]+)">/g,
      ),
    ].map((m) => m[1]!);
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/cash-sale');
    await expect(page.getByTestId('till-search')).toBeVisible();
    const sheets = await page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="stylesheet"]')).map((l) => ({
        href: new URL((l as HTMLLinkElement).href).pathname,
        inBody: l.parentElement === document.body,
        beforeRoot: Boolean(
          l.compareDocumentPosition(document.getElementById('root')!) & Node.DOCUMENT_POSITION_FOLLOWING,
        ),
      })),
    );
    // the page's own first, then the signed-in shell's and the till's, all in the body before the app's root
    expect(sheets.slice(0, first.length).map((s) => s.href)).toEqual(first);
    expect(sheets.length).toBeGreaterThan(first.length);
    expect(sheets.every((s) => s.inBody && s.beforeRoot)).toBe(true);
    // the till's cart: its CSS module's `display: flex` over Paper's `display: block`
    expect(await page.locator('[class*="_cart_"]').evaluate((e) => getComputedStyle(e).display)).toBe('flex');
  });

  // Each file costs the page's main thread about as much as a few KB of code (Chromium's loader on
  // every response) and, on a slow line, a place in the queue: the till loaded 109 files before the
  // groups of vite.config.ts, 47 after, and scored 59-64 against 69-77; the sign-in page 26 and 10
  // (Lighthouse, in turns).
  const scriptsOf = (page: Page) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    return scripts;
  };

  /**
   * Who asked for each script (the page's address then, and the top of the asking stack, from
   * Chromium's network events), for a failure's message: `asker(file)` names it.
   */
  const askers = async (page: Page) => {
    const by = new Map<string, string>();
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.type !== 'Script') return;
      const frames = e.initiator.stack?.callFrames ?? e.initiator.stack?.parent?.callFrames ?? [];
      const where = frames
        .slice(0, 4)
        .map((f) => `${f.functionName || '?'}@${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`);
      const from = where.length ? where.join(' < ') : (e.initiator.url ?? e.initiator.type);
      by.set(
        new URL(e.request.url).pathname,
        `${new URL(e.request.url).pathname} at ${page.url()} by ${from}`,
      );
    });
    await cdp.send('Network.enable');
    return (file: string) => by.get(file) ?? `${file} (asker not seen)`;
  };

  /** The scripts the sign-in page asks for, signed out, until the network is quiet. */
  const signInScripts = async (page: Page) => {
    const scripts = scriptsOf(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    return scripts;
  };

  /** The scripts the till asks for, signed in, until the network is quiet. */
  const tillScripts = async (page: Page) => {
    const scripts = scriptsOf(page);
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/cash-sale');
    await expect(page.getByTestId('till-search')).toBeVisible();
    await page.waitForLoadState('networkidle');
    return scripts;
  };

  test("the sign-in page's code comes in few files: what the start imports is in the app's entry", async ({
    page,
  }) => {
    const scripts = await signInScripts(page);
    // none of the start's pieces (Mantine's, the icons, the libraries', the app's) in a file of its own
    const pieces =
      /^\/assets\/(?:Box|Loader|CloseButton|InputBase|Icon[A-Z]|useQuery|useTranslation|api-client|language-picker|locale|prefs|errors)-/;
    expect(scripts.filter((s) => pieces.test(s))).toEqual([]);
    // nor the signed-in screens' components
    expect(scripts.filter((s) => /^\/assets\/(?:mantine-ui|icons|mantine-hooks)-/.test(s))).toEqual([]);
    expect(scripts.length).toBeLessThanOrEqual(12);
  });

  test('signed out, the sign-in page is the card alone: no router, TanStack Query or zod, at most 120 KB of gzip', async ({
    page,
    request,
  }) => {
    const scripts = await signInScripts(page);
    const code = await Promise.all(scripts.map(async (s) => (await request.get(s)).body()));
    const text = code.map((c) => c.toString('utf8')).join('\n');
    // each library by a message of its own
    expect({
      router: text.includes('may be used only in the context of a <Router>'),
      query: text.includes('No QueryClient set'),
      zod: text.includes('ZodError'),
    }).toEqual({ router: false, query: false, zod: false });
    expect(scripts.filter((s) => /^\/assets\/(?:app|zod)-/.test(s))).toEqual([]);
    expect(gzipKB(code)).toBeLessThanOrEqual(120);
  });

  test('signed in from the card alone, the app comes in the same page, at the landing screen', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    // a mark on the page's window: a reload would lose it
    await page.evaluate(() => Object.assign(window, { dukaSamePage: true }));
    await page.getByLabel(/^Mobile or username/).fill(ADMIN.username);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(await page.evaluate(() => (window as { dukaSamePage?: boolean }).dukaSamePage)).toBe(true);
    // and the router goes on: the menu opens another screen, in the same page
    await page.getByTestId('sidebar').getByRole('link', { name: 'User accounts' }).click();
    await expect(page).toHaveURL(/\/users$/);
    expect(await page.evaluate(() => (window as { dukaSamePage?: boolean }).dukaSamePage)).toBe(true);
  });

  test('the first script imports none of the app: it starts the language file while the app loads', async ({
    request,
  }) => {
    const html = await (await request.get('/login')).text();
    const first = /<script type="module" crossorigin src="(\/assets\/[\w-]+\.js)"><\/script>/.exec(html)?.[1];
    expect(first).toMatch(/^\/assets\/boot-/);
    const boot = await (await request.get(first!)).text();
    const imports = [...boot.matchAll(/(?:from|import)\s*"\.\/([\w-]+)\.js"/g)].map((m) => m[1]!);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((f) => !f.startsWith('early-translation-'))).toEqual([]);
  });

  test('the theme comes from the stylesheet: Mantine computes no style as the app starts', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const seen = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.className = 'mantine-hidden-from-sm';
      document.body.append(probe);
      const hidden = getComputedStyle(probe).display;
      probe.remove();
      const root = getComputedStyle(document.documentElement);
      return {
        // the provider's (a component's responsive props have styles of their own, "inline")
        styles: document.querySelectorAll('style[data-mantine-styles]:not([data-mantine-styles="inline"])')
          .length,
        primary: root.getPropertyValue('--mantine-primary-color-filled').trim(),
        dimmed: root.getPropertyValue('--mantine-color-dimmed').trim(),
        hidden,
      };
    });
    expect(seen).toEqual({
      styles: 0,
      // the theme's teal primary (shade 9) and darker dimmed text (gray 7), not Mantine's defaults
      // (blue #228be6, gray 6 #868e96)
      primary: '#087f5b',
      dimmed: '#495057',
      // the breakpoints' classes (hiddenFrom, visibleFrom)
      hidden: 'none',
    });
  });

  test("the app's entry, and only it of the sign-in page's files, asks V8 to compile its functions while it downloads", async ({
    request,
  }) => {
    const html = await (await request.get('/login')).text();
    const scripts = [
      ...html.matchAll(/<script type="module" crossorigin src="(\/assets\/[\w-]+\.js)"><\/script>/g),
    ].map((m) => m[1]!);
    const entry = scripts.find((s) => /^\/assets\/index-/.test(s));
    expect(entry).toBeDefined();
    // the hint as the file's first line: it counts only for the functions after it
    expect((await (await request.get(entry!)).text()).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(
      true,
    );
    // not the first script, nor the files the start preloads beside the entry
    const preloaded = [
      ...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[\w-]+\.js)">/g),
    ].map((m) => m[1]!);
    const others = [...scripts, ...preloaded].filter((s) => s !== entry);
    expect(others.length).toBeGreaterThan(0);
    for (const file of others)
      expect(await (await request.get(file)).text(), file).not.toContain('allFunctionsCalledOnLoad');
  });

  test("signed in, the router's chunk asks V8 to compile its functions too, and no other chunk does", async ({
    page,
    request,
  }) => {
    const scripts = await tillScripts(page);
    const hinted: string[] = [];
    for (const file of scripts)
      if ((await (await request.get(file)).text()).startsWith('//# allFunctionsCalledOnLoad\n'))
        hinted.push(file);
    // the app's router and TanStack Query (`app`) run as the signed-in start does; zod is not
    // loaded by the till's start at all (its answers have compiled checks)
    expect(hinted.map((f) => f.replace(/-[\w-]{7}\.js$/, '')).sort()).toEqual([
      '/assets/app',
      '/assets/index',
    ]);
    // React Router's production build: none of its development warnings (vite.config.ts)
    const app = scripts.find((s) => /^\/assets\/app-[\w-]{7}\.js$/.test(s));
    expect(await (await request.get(app!)).text()).not.toContain('You rendered descendant');
  });

  test("the till's code comes in few files: Mantine's components in one, the icons in one, its hooks in one", async ({
    page,
  }) => {
    const scripts = await tillScripts(page);
    expect(
      scripts.filter((s) =>
        /^\/assets\/(?:Icon[A-Z]|use-(?:disclosure|merged-ref|isomorphic-effect|debounced-value))/.test(s),
      ),
    ).toEqual([]);
    expect(scripts.filter((s) => /^\/assets\/icons-[\w-]+\.js$/.test(s))).toHaveLength(1);
    expect(scripts.filter((s) => /^\/assets\/mantine-hooks-[\w-]+\.js$/.test(s))).toHaveLength(1);
    expect(scripts.filter((s) => /^\/assets\/mantine-ui-[\w-]+\.js$/.test(s))).toHaveLength(1);
    expect(
      scripts.filter((s) => /^\/assets\/(?:FocusTrap|Menu|Tooltip|Drawer|Modal|Select)-/.test(s)),
    ).toEqual([]);
    expect(scripts.length).toBeLessThanOrEqual(55);
  });

  test("the till's start is at most 200 KB of gzip (issue 21's budget, as bench/web.mjs counts it)", async ({
    page,
    request,
  }) => {
    const scripts = await tillScripts(page);
    const code = await Promise.all(scripts.map(async (s) => (await request.get(s)).body()));
    const kb = gzipKB(code);
    // the margin is small: the figure printed on every run, so a change's cost is seen before it
    // fails (DUKA_E2E_SIZES=1 prints each file's too)
    if (process.env.DUKA_E2E_SIZES)
      scripts.forEach((s, i) => console.log(s, (gzipSync(code[i]!, { level: 9 }).length / 1024).toFixed(2)));
    console.log(`the till's start: ${kb.toFixed(2)} KB of gzip in ${scripts.length} files`);
    expect(kb, scripts.join(' ')).toBeLessThanOrEqual(200);
  });

  /** A product in stock at the main shop, with a barcode of its own to scan at the till. */
  const soldAtTheTill = async (name: string, price: number) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const barcode = `6163${run}${Math.floor(Math.random() * 90 + 10)}`;
    const api = await adminApi();
    const made = await stockedProduct(
      api,
      { name: `${name} ${run}`, code: `T${barcode}`, price, barcode },
      await mainLocation(api),
      5,
    );
    await api.dispose();
    return { ...made, barcode };
  };

  test("the till's dialogs and zod load their code with the cart's first line, its menus when first wanted", async ({
    page,
    request,
  }) => {
    const product = await soldAtTheTill('Dialog soap', 15_000);
    // words only the pay, park and notifications panels ask for, and the class name of the scroll
    // lock under Mantine's modal and drawer, kept as they are by the minifier
    const dialogWords = ['till.pay.tenderedHint', 'till.park.title', 'layout.allClearHint'];
    const payWords = 'till.pay.tenderedHint';
    const scrollLock = 'right-scroll-bar-position';
    // and floating-ui's, under Mantine's menus, popovers, tooltips and autocomplete
    const floating = 'data-floating-ui-focusable';
    // and zod's: the start's answers have checks compiled from their schemas (answer-checks.ts)
    const zod = 'This is a bug in Zod';
    // and what the till does not show as it opens: Mantine's focus trap (dialogs, popovers), an
    // icon only the getting-started page shows, the printing code (the drawer's loads on a press)
    const notShown = ['audio[controls], video[controls]', '`Rocket`', 'duka-print-frame'];
    const holding = async (files: string[], word: string) => {
      const found: string[] = [];
      for (const file of files) if ((await (await request.get(file)).text()).includes(word)) found.push(file);
      return found;
    };
    const scripts = scriptsOf(page);
    const asker = await askers(page);
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    // an empty till: a cart another spec left would load the dialogs at once
    await dropWorkDrafts(page.request);
    await page.goto('/cash-sale');
    await expect(page.getByTestId('till-search')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // (a file found says who asked for it: seen once in CI, zod at the till's start, cause unknown)
    for (const word of [...dialogWords, scrollLock, floating, zod, ...notShown]) {
      const found = await holding(scripts, word);
      expect(found, `${word}: ${found.map(asker).join('; ')}`).toEqual([]);
    }
    // a pointer over the account button asks for its menu's code
    await page.getByRole('button', { name: /Account menu for/ }).hover();
    await expect.poll(async () => (await holding(scripts, floating)).length).toBe(1);

    const search = page.getByTestId('till-search');
    await search.fill(product.barcode);
    await search.press('Enter');
    await expect(page.getByRole('group', { name: product.name })).toBeVisible();
    // with the line, before F9: the payment's code and Mantine's modal
    await expect.poll(async () => (await holding(scripts, payWords)).length).toBe(1);
    await expect.poll(async () => (await holding(scripts, scrollLock)).length).toBe(1);
    // and zod with the sale's schema, so the sale's answer is not kept waiting for it
    await expect.poll(async () => (await holding(scripts, zod)).length).toBe(1);
    await page.keyboard.press('F9');
    await expect(page.getByRole('dialog', { name: 'Pay · Cash sale' })).toBeVisible();
    await expect(page.getByLabel('Amount tendered')).toBeFocused();
    await page.keyboard.press('Escape');
    await dropWorkDrafts(page.request);
  });

  test("F9 pressed before the payment's code has arrived opens the dialog once it has, its field focused", async ({
    page,
  }) => {
    const product = await soldAtTheTill('Slow soap', 12_000);
    // the payment's code held back until F9 has been pressed, as on a slow line
    const pressed = await holdBack(page, /\/assets\/pay-panel-[\w-]+\.js$/);
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await dropWorkDrafts(page.request);
    await page.goto('/cash-sale');
    const search = page.getByTestId('till-search');
    await search.fill(product.barcode);
    await search.press('Enter');
    await expect(page.getByRole('group', { name: product.name })).toBeVisible();
    await page.keyboard.press('F9');
    const pay = page.getByRole('dialog', { name: 'Pay · Cash sale' });
    await expect(pay).toHaveCount(0);
    pressed();
    await expect(pay).toBeVisible();
    await expect(pay.getByLabel('Amount tendered')).toBeFocused();
    await pay.getByLabel('Amount tendered').fill('200');
    await expect(pay.getByTestId('pay-change')).toHaveText(/80\.00/);
    await page.keyboard.press('Escape');
    await expect(pay).toBeHidden();
    await expect(search).toBeFocused();
    await dropWorkDrafts(page.request);
  });

  test("the till does not load the business page's sync section (its forms and tables)", async ({
    page,
    request,
  }) => {
    const scripts = await tillScripts(page);
    // words only the section's link form, servers' table and link code ask for, kept as they are by the minifier
    const sectionWords = ['sync.link.badAddress', 'sync.hosted.col.credential', 'sync.hosted.makeCode'];
    const withSection: string[] = [];
    for (const file of scripts) {
      const code = await (await request.get(file)).text();
      if (sectionWords.some((w) => code.includes(w))) withSection.push(file);
    }
    expect(withSection).toEqual([]);
  });

  test("signed in, the first script asks for the signed-in screens' shared files before the app asks for its screen", async ({
    page,
  }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/cash-sale');
    await expect(page.getByTestId('till-search')).toBeVisible();
    const started = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
        file: new URL(e.name).pathname,
        at: e.startTime,
      })),
    );
    const at = (re: RegExp) => started.filter((e) => re.test(e.file)).map((e) => e.at);
    const screen = at(/^\/assets\/till-page-[\w-]+\.js$/);
    expect(screen).toHaveLength(1);
    // without boot.ts's preload the browser found these only in a screen's chunk, after it arrived
    for (const shared of [/^\/assets\/mantine-ui-/, /^\/assets\/icons-/, /^\/assets\/mantine-hooks-/]) {
      expect(at(shared)).toHaveLength(1);
      expect(at(shared)[0]!).toBeLessThan(screen[0]!);
    }
  });
});
