#!/usr/bin/env node
// What DevTools' Runtime domain adds to the start of a page (issue 21). Lighthouse and the page
// scripts here (puppeteer) drive Chromium through the DevTools protocol with its Runtime domain
// enabled, and then V8 captures a stack trace with line numbers for every Error the page creates,
// even one never thrown. React DOM creates three as its module runs; for the lines of each frame
// V8 parses that frame's function again: React DOM's module (~200 KB) and the whole of the app's
// entry chunk, whose top level is on the stack. A browser with no DevTools attached does none of
// it. This script loads a page of the built app on a fresh local server over a bare protocol
// connection, with and without `Runtime.enable`, in turns, and prints from the page's long
// animation frames their blocking time in all and each script over 5 ms (a module script by its
// file, others by what invoked them); `Page.enable` both ways.
//   BENCH_RUNS=4 node bench/inspector-cost.mjs /login 'Welcome'
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { launchChromium, pageArgs } from './page-loads.mjs';
import { freshServer } from './web.mjs';

const { page, until, runs } = pageArgs(3);

/** Records the page's scripts over 5 ms and its frames' blocking time, from its first script on. */
const RECORDER = `window.__dukaScripts = [];
window.__dukaBlocking = 0;
new PerformanceObserver((list) => {
  for (const frame of list.getEntries()) {
    window.__dukaBlocking += frame.blockingDuration;
    for (const s of frame.scripts)
      if (s.duration > 5)
        window.__dukaScripts.push(
          (s.invokerType === 'module-script' ? s.sourceURL.split('/').pop() : s.invokerType) +
            ' ' + Math.round(s.duration) + ' ms');
  }
}).observe({ type: 'long-animation-frame', buffered: true });`;

/** A protocol session on a new tab: `send(method, params)` answers the result. */
async function openTab(port) {
  const target = await (
    await fetch(`http://127.0.0.1:${port}/json/new?about:blank`, { method: 'PUT' })
  ).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let id = 0;
  const pending = new Map();
  ws.on('message', (m) => {
    const d = JSON.parse(String(m));
    if (d.id && pending.has(d.id)) {
      pending.get(d.id)(d.result ?? {});
      pending.delete(d.id);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  const close = async () => {
    ws.close();
    await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`);
  };
  return { send, close };
}

const server = await freshServer(fs.mkdtempSync(path.join(os.tmpdir(), 'duka-inspector-cost-')));
const chrome = await launchChromium();
try {
  for (let run = 0; run < runs; run++)
    for (const runtime of [false, true]) {
      const { send, close } = await openTab(chrome.port);
      await send('Page.enable');
      if (runtime) await send('Runtime.enable');
      await send('Network.setCacheDisabled', { cacheDisabled: true });
      if (page !== '/login')
        for (const c of server.cookies) await send('Network.setCookie', { ...c, url: server.url });
      await send('Page.addScriptToEvaluateOnNewDocument', { source: RECORDER });
      await send('Page.navigate', { url: server.url + page });
      const read = async (expression) =>
        (await send('Runtime.evaluate', { expression, returnByValue: true })).result?.value;
      const shown = `document.getElementById('root')?.textContent.includes(${JSON.stringify(until)})`;
      for (let i = 0; i < 600 && !(await read(shown)); i++) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1000));
      const scripts = (await read('window.__dukaScripts')) ?? [];
      const blocking = Math.round((await read('window.__dukaBlocking')) ?? 0);
      console.log(
        `load ${run + 1}, ${runtime ? 'with' : 'without'} Runtime.enable: blocking ${blocking} ms; ` +
          (scripts.join(', ') || 'no script over 5 ms'),
      );
      await close();
    }
} finally {
  await chrome.kill();
  server.child.kill();
}
