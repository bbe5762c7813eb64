// Mantine's styles per component (issue 21): its base first, here; each module that renders
// components imports their styles (a feature's through its styles.ts), so a screen's chunk brings
// only what it shows. src/app/mantine-styles.test.ts checks that none is missing.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// what Mantine's provider would write in a <style> for Duka's theme, as a file (providers.tsx)
import './app/theme-vars.css';
import { type ReactNode, StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { SessionData } from '@duka/domain';
import { BaseProviders } from './app/base-providers';
import { ScreenErrorBoundary, ScreenFailed } from './app/screen-error-boundary';
import { StartFallback, signInAloneAt, useStartScreenGone } from './app/start-screen';
import type { AppStart, EarlyAnswer } from './app/start-app';
import { registerServiceWorker } from './app/service-worker';
import { LoginCard } from './features/auth/login-card';
import { isTillPath } from './lib/start-frame';
import { preloadSignedInFiles } from './lib/signed-in-files';
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
import { fetchHealth, fetchMe, hasSignedInHint } from './features/auth/auth-api';
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

/** The server's mode (health), which writes wait for; the sign-in page alone makes none. */
const learnServerMode = () => whenModeKnown(fetchHealth().then((health) => setServerMode(health.mode)));

/** An answer asked for now, to be waited on later: its failure is its reader's, not unhandled. */
function early<T>(answer: Promise<T>): Promise<T> {
  answer.catch(() => undefined);
  return answer;
}

/** Lets the browser run what waits (a paint, an arriving script, input) before going on. */
const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

/**
 * What a start that opens the app asks for at once, beside the app's code and the words: signed
 * in, this till's device, who is signed in and, on a till, its locations (its first render waits
 * on them: features/till/use-till-cart.ts), rather than once the screens' code has mounted.
 */
function askAtStart(pathname: string, signedIn: boolean): AppStart {
  learnServerMode();
  if (!signedIn) return { pathname };
  whenDeviceKnown(loadDevice());
  const locations = (): Promise<EarlyAnswer> =>
    import('./features/stock/products-api').then((m) => ({
      queryKey: m.locationsQuery.queryKey,
      answer: early(m.locationsQuery.queryFn()),
    }));
  return { pathname, me: early(fetchMe()), early: isTillPath(pathname) ? [early(locations())] : [] };
}

/** The app (start-app.tsx) with its address's screens loaded (or failed): what to render, and where. */
async function openApp(start: AppStart): Promise<{ content: ReactNode; pathname: string }> {
  const m = await import('./app/start-app');
  const app = m.createApp(start);
  await app.ready;
  return app;
}

/**
 * The sign-in card alone (signed out at /login): the rest of the app loads once it is signed in,
 * or sent to /setup.
 */
function SignInAlone({ leave }: { leave: (session: SessionData | null) => Promise<void> }) {
  useStartScreenGone('/login');
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<StartFallback />}>
        <LoginCard onSignedIn={leave} onSetupRequired={() => void leave(null)} />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/** ScreenFailed with the start screen gone (the boundary's own catch does that for a render). */
function AppFailed() {
  useStartScreenGone('');
  return <ScreenFailed />;
}

/**
 * The page paints at once; the language, this till's device and the server's mode arrive in
 * parallel and fill in (screens wait for their words; requests for the device; writes for the
 * mode). A browser that is not signed in has no request that needs the device, so the sign-in
 * page loads no IndexedDB code. Signed out at the sign-in page's address, the page is the sign-in
 * card alone: the router, TanStack Query and zod load once it has signed in (issue 21).
 *
 * In tasks after the one that evaluates the app's code, each under 50 ms at Lighthouse's 4× CPU
 * (issue 21: in that one task they were 73–85 ms more of it): the requests the first screen waits
 * on and its code, then the language and the first render.
 */
async function start() {
  zodWithoutEval();
  await nextTask();
  const { pathname } = window.location;
  const signedIn = hasSignedInHint();
  const alone = signInAloneAt(pathname, signedIn);
  if (alone && pathname !== '/login') window.history.replaceState(window.history.state, '', '/login');
  // A token the server issues to this till at sign-in is kept beside its device id (ADR 8).
  setDeviceTokenHandler((id, token) => {
    void import('./lib/device-store').then((m) => m.saveDeviceToken(id, token)).catch(() => undefined);
  });
  const opening = alone ? null : early(openApp(askAtStart(pathname, signedIn)));
  await nextTask();
  const { instance: i18n, ready: words } = createI18n();
  bindNotifyI18n(i18n);
  warmIntlWhenIdle(signedIn);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  // A transition: React renders the first screen in short slices, so the page answers input (and
  // the browser paints the start screen) while it does, instead of one long task. The providers
  // stay as the sign-in card hands over to the app (a toast raised meanwhile stays up).
  const reactRoot = createRoot(root);
  const render = (content: ReactNode) =>
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <BaseProviders i18n={i18n}>{content}</BaseProviders>
        </StrictMode>,
      ),
    );

  /**
   * Signed in from the card alone (or sent to /setup): the app, at the user's landing screen. Its
   * code not there (the server updated meanwhile, or gone): the page that offers to reload, which
   * opens the app signed in. (Rare: the answers' schemas the card has just used import the `app`
   * chunk's shared modules, so it is in by then.)
   */
  const leave = async (session: SessionData | null) => {
    // the files every signed-in screen loads, as boot.ts asks for them on a signed-in start
    preloadSignedInFiles(document);
    learnServerMode();
    const app = await openApp(session ? { me: session } : { pathname: '/setup' }).catch(() => null);
    if (app) window.history.replaceState(null, '', app.pathname);
    render(app ? app.content : <AppFailed />);
  };

  // The first render once the address's screens and the words are in (or failed), under the start
  // screen index.html paints: rendered before, it committed the boundary's fallback (the same logo),
  // and React holds a boundary's reveal until 300 ms after its fallback showed.
  const [app] = await Promise.allSettled([opening, words]);
  if (!opening) render(<SignInAlone leave={leave} />);
  // the app's own code did not arrive (offline, not yet cached): a page that offers to reload
  else render(app.status === 'fulfilled' && app.value ? app.value.content : <AppFailed />);
  registerServiceWorker();
}

void start();
