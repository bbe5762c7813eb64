// Mantine's styles per component (issue 21): its base first, here; each module that renders
// components imports their styles (a feature's through its styles.ts), so a screen's chunk brings
// only what it shows. src/app/mantine-styles.test.ts checks that none is missing.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// what Mantine's provider would write in a <style> for Duka's theme, as a file (providers.tsx)
import './app/theme-vars.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, createQueryClient } from './app/providers';
import { AppRouter, preloadStartScreens } from './app/app-router';
import { registerServiceWorker } from './app/service-worker';
import { isTillPath } from './lib/start-frame';
import {
  setDeviceHeader,
  setDeviceToken,
  setDeviceTokenHandler,
  setServerMode,
  whenDeviceKnown,
  whenModeKnown,
} from './lib/api-client';
import { createI18n } from './lib/i18n';
import { warmIntlWhenIdle } from './lib/intl-warm';
import { bindNotifyI18n } from './lib/notify';
import { ME_QUERY_KEY, fetchHealth, fetchMe, hasSignedInHint } from './features/auth/auth-api';
// the app's own styles after those of every component the start loads (the imports above): they
// override some
import './app/global.css';

/**
 * zod without its compiled object parsers in the browser: to find out whether it may compile them
 * it calls `new Function`, which the server's CSP forbids, and the browser reports that attempt as
 * a CSP violation on every page (Lighthouse: "Issues were logged"). zod keeps its settings in
 * `globalThis.__zod_globalConfig` (what `z.config()` writes), made here before zod loads (it is not
 * part of the start: importing `z.config` would bring it). Checked by e2e/csp.spec.ts.
 */
function zodWithoutEval(): void {
  const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (g.__zod_globalConfig ??= {}).jitless = true;
}

/** This till's saved device and its token (IndexedDB), set on the API client. */
async function loadDevice(): Promise<void> {
  const { readStoredDevice, readStoredDeviceToken } = await import('./lib/device-store');
  const device = await readStoredDevice();
  setDeviceHeader(device);
  if (device) setDeviceToken(device, await readStoredDeviceToken(device).catch(() => null));
}

/** Lets the browser run what waits (a paint, an arriving script, input) before going on. */
const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

/**
 * The page paints at once; the language, this till's device and the server's mode arrive in
 * parallel and fill in (screens wait for their words; requests for the device; writes for the
 * mode). A browser that is not signed in has no request that needs the device, so the sign-in
 * page loads no IndexedDB code.
 *
 * In three tasks after the one that evaluates the app's code, each under 50 ms at Lighthouse's
 * 4× CPU (issue 21: in that one task they were 73–85 ms more of it): the requests the first screen
 * waits on (this till's device, the server's mode, who is signed in), then its code, then the
 * language and the first render.
 */
async function start() {
  zodWithoutEval();
  await nextTask();
  const signedIn = hasSignedInHint();
  if (signedIn) whenDeviceKnown(loadDevice());
  // A token the server issues to this till at sign-in is kept beside its device id (ADR 8).
  setDeviceTokenHandler((id, token) => {
    void import('./lib/device-store').then((m) => m.saveDeviceToken(id, token)).catch(() => undefined);
  });
  whenModeKnown(fetchHealth().then((health) => setServerMode(health.mode)));
  const queryClient = createQueryClient();
  // A signed-in till asks who is signed in at once, beside the code and the words, rather than once
  // the signed-in screens' code has arrived and mounted.
  if (signedIn) void queryClient.prefetchQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe });
  // and a till its locations, which its first render waits on (features/till/use-till-cart.ts)
  if (signedIn && isTillPath(window.location.pathname))
    void import('./features/stock/stock-api')
      .then((m) => queryClient.prefetchQuery(m.locationsQuery))
      .catch(() => undefined);
  await nextTask();
  const screens = preloadStartScreens();
  await nextTask();
  const { instance: i18n, ready: words } = createI18n();
  bindNotifyI18n(i18n);
  warmIntlWhenIdle(signedIn);
  // The first render once the address's screens and the words are in (or failed), under the start
  // screen index.html paints: rendered before, it committed the boundary's fallback (the same logo),
  // and React holds a boundary's reveal until 300 ms after its fallback showed.
  await Promise.allSettled([screens, words]);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  // A transition: React renders the first screen in short slices, so the page answers input (and
  // the browser paints the start screen) while it does, instead of one long task.
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <AppProviders i18n={i18n} queryClient={queryClient}>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    ),
  );
  registerServiceWorker();
}

void start();
