/**
 * Registers the service worker the build generates (vite-plugin-pwa, workbox): the app shell and
 * its files precached, so the till opens at once and while the server restarts. It never caches
 * /api/. Registered after the page has loaded, so it does not compete with the first paint.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
