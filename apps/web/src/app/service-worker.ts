/**
 * Registers the service worker the build generates (vite-plugin-pwa, workbox): the app shell and
 * its files precached, so the till opens at once and while the server restarts. It never caches
 * /api/. Registered after the page has loaded, so it does not compete with the first paint.
 *
 * A new build's worker waits until this page takes it (sw-updates.ts, loaded on its own: not part
 * of the start's code). A page that starts with one waiting, or finds one installing under an older
 * worker, takes it at once; otherwise the updates are looked after once the page is quiet (a first
 * visit's own install is no update).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  const register = () => {
    sw.register('/sw.js', { scope: '/' })
      .then((reg) => {
        let watching = false;
        const watch = () => {
          if (!watching) void import('./sw-updates').then((m) => m.watchUpdates(reg));
          watching = true;
        };
        const newBuild = () => reg.waiting || (reg.installing && sw.controller);
        reg.addEventListener('updatefound', () => newBuild() && watch());
        if (newBuild()) watch();
        else setTimeout(watch, UPDATES_AFTER_MS);
      })
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** When a page that started with no new build waiting starts looking for one. */
const UPDATES_AFTER_MS = 10_000;
