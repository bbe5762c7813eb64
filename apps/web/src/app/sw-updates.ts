/**
 * A new build reaches an open page (service-worker.ts loads this once the page is quiet). The
 * build's worker (workbox, vite.config.ts) does not take over by itself: it waits, installed, until
 * every tab of the old one is gone, which an open till never is, reloaded or not. So this page asks
 * the server for a new worker about hourly and whenever it is shown again, and once one is waiting
 * tells it to take over (workbox's worker answers `SKIP_WAITING`) and reloads, once, when it has;
 * both only at a safe moment: no sale on its way to the server, no dialog open, nothing typed in
 * the field being typed in. The till's cart is kept on the server, and a save still waiting is
 * sent as the page goes (lib/work-drafts.ts), so a reload between sales loses nothing.
 */

/** How often an open page asks the server for a new build. */
export const UPDATE_EVERY_MS = 60 * 60_000;
/** How often a page with a new build to take looks for a safe moment. */
export const SAFE_CHECK_MS = 3_000;
/**
 * The trace of a till's sale on its way (features/till/sale-outcome.ts ON_ITS_WAY_KEY; a test
 * checks they agree): not imported, to keep the till's code out of this file's chunk.
 */
export const SALE_ON_ITS_WAY_KEY = 'duka.till.sale-on-its-way';

/** Whether the page may be reloaded now without losing anything the user is doing. */
export function safeToReload(doc: Document = document): boolean {
  try {
    if (localStorage.getItem(SALE_ON_ITS_WAY_KEY) !== null) return false;
  } catch {
    // no storage: no trace either
  }
  const open = doc.querySelectorAll<HTMLElement>(
    '[role="dialog"], [role="alertdialog"], [aria-modal="true"]',
  );
  if ([...open].some((el) => (typeof el.checkVisibility === 'function' ? el.checkVisibility() : true)))
    return false;
  const active = doc.activeElement;
  const typed =
    (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) &&
    active.type !== 'checkbox' &&
    active.type !== 'radio' &&
    active.value !== '';
  return !typed;
}

interface Options {
  safe?: () => boolean;
  reload?: () => void;
}

/**
 * Watches `reg` for a new build and takes it at a safe moment. Answers the stop (for tests).
 */
export function watchUpdates(
  reg: ServiceWorkerRegistration,
  { safe = safeToReload, reload = () => window.location.reload() }: Options = {},
): () => void {
  const container = navigator.serviceWorker;
  let asked: ServiceWorker | null = null;
  let changed = false;
  let reloaded = false;

  /** Takes one step when it is safe: the new worker told to take over, or the page reloaded. */
  const step = () => {
    if (reloaded || !safe()) return;
    if (changed) {
      reloaded = true;
      reload();
    } else if (reg.waiting && reg.waiting !== asked) {
      asked = reg.waiting;
      asked.postMessage({ type: 'SKIP_WAITING' });
    }
  };

  const onInstalling = () => {
    const worker = reg.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') step();
    });
  };
  const onControllerChange = () => {
    changed = true;
    step();
  };
  const check = () => void reg.update().catch(() => undefined);
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    step();
    check();
  };

  reg.addEventListener('updatefound', onInstalling);
  container.addEventListener('controllerchange', onControllerChange);
  document.addEventListener('visibilitychange', onVisible);
  onInstalling();
  const hourly = setInterval(check, UPDATE_EVERY_MS);
  // cheap: only reads the page and local storage; acts only once a new worker waits
  const looking = setInterval(step, SAFE_CHECK_MS);
  step();

  return () => {
    reg.removeEventListener('updatefound', onInstalling);
    container.removeEventListener('controllerchange', onControllerChange);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(hourly);
    clearInterval(looking);
  };
}
