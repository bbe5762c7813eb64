#!/usr/bin/env node
// Which components render in each of React's commits while a page of the built app loads (issue
// 21): a fresh local server, signed in, a phone-sized tab (BENCH_WIDTH, default 412), and a stand-in
// for React DevTools' hook that React DOM reports every commit to. Each line is a commit: when
// (ms since navigation), how many components rendered in it, and their names, the library's
// (Mantine's) left out. A component is counted when React's PerformedWork flag is on and its parent
// was visited, as React DevTools decides. BENCH_WATCH=TillPage also prints, for that component,
// the hooks whose state changed (what made it render again). BENCH_WARM=1 prints a reload's commits
// once the service worker has cached the app. Names need a build that is not
// minified, put where the server serves it:
//   cd apps/web && npx vite build --minify false --outDir /tmp/dist-names --emptyOutDir
//   mv dist /tmp/dist-kept && cp -r /tmp/dist-names dist && cd ../.. && node bench/react-commits.mjs /cash-sale
//   (then put /tmp/dist-kept back)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { freshServer } from './web.mjs';

const page = process.argv[2] ?? '/cash-sale';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commits-'));
const { child, url, cookies } = await freshServer(dir);
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const tab = await browser.newPage();
  await tab.setViewport({
    width: Number(process.env.BENCH_WIDTH ?? 412),
    height: 823,
    isMobile: true,
    hasTouch: true,
  });
  if (page !== '/login')
    await browser.setCookie(...cookies.map((c) => ({ ...c, domain: new URL(url).hostname, path: '/' })));
  await tab.evaluateOnNewDocument((watch) => {
    const log = (globalThis.__commits = []);
    const nameOf = (f) => f.type.displayName || f.type.name || '?';
    const show = (v) => {
      try {
        return typeof v === 'object' ? JSON.stringify(v)?.slice(0, 60) : String(v).slice(0, 40);
      } catch {
        return 'object';
      }
    };
    /** The hooks of `f` whose state differs from its last render's (i18next's own left out). */
    const changedHooks = (f) => {
      const out = [];
      for (
        let h = f.memoizedState, g = f.alternate.memoizedState, i = 0;
        h && g;
        h = h.next, g = g.next, i++
      ) {
        const now = show(h.memoizedState);
        if (h.memoizedState === g.memoizedState || h.memoizedState?.deps) continue;
        if (now?.includes('bindI18n') || now?.includes('initAsync')) continue;
        out.push(`${i}: ${show(g.memoizedState)} -> ${now}${h.queue ? ' (state)' : ''}`);
      }
      return out;
    };
    const rendered = (root) => {
      const counts = new Map();
      const notes = [];
      let n = 0;
      const walk = (f) => {
        for (; f; f = f.sibling) {
          if (typeof f.type === 'function' && (f.flags & 1) === 1) {
            n++;
            const name = nameOf(f);
            counts.set(name, (counts.get(name) ?? 0) + 1);
            if (name === watch && f.alternate) notes.push(`${name} hooks [${changedHooks(f).join(' | ')}]`);
          }
          // a subtree whose first child is the fiber it was before was not visited in this commit
          if (f.child && !(f.alternate && f.alternate.child === f.child)) walk(f.child);
        }
      };
      walk(root.current.child);
      const names = [...counts]
        .filter(([k]) => !k.startsWith('@mantine'))
        .map(([k, c]) => (c > 1 ? `${k}x${c}` : k));
      return `${n} rendered: ${names.join(' ')}${notes.length ? `\n      ${notes.join('\n      ')}` : ''}`;
    };
    globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      onCommitFiberRoot: (_id, root) => log.push({ at: Math.round(performance.now()), what: rendered(root) }),
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  }, process.env.BENCH_WATCH ?? '');
  await tab.goto(`${url}${page}`, { waitUntil: 'networkidle0' });
  if (process.env.BENCH_WARM) {
    // BENCH_WARM=1: the commits of a reload once the service worker has the app (a shop PC's start)
    await tab.evaluate(() => globalThis.navigator.serviceWorker.ready.then(() => true));
    await tab.reload({ waitUntil: 'networkidle0' });
  }
  await new Promise((r) => setTimeout(r, 2000));
  const commits = await tab.evaluate(() => globalThis.__commits);
  console.log(`${page}: ${commits.length} commits`);
  for (const c of commits) console.log(`  @${c.at} ms  ${c.what}`);
} finally {
  await browser.close();
  child.kill();
}
