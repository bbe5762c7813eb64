import { Suspense, useLayoutEffect } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { removeStartScreen, startScreenStaysFor } from '../lib/start-frame';
import { preloadMatched } from './lazy-screen';
import { routes } from './router';
import { ScreenErrorBoundary } from './screen-error-boundary';

/**
 * index.html's start screen gives way to the app's (the same) in the app's first frame. A frame
 * (the till's, the sign-in page's) stays until its screen takes over (till-page.tsx,
 * login-page.tsx), unless the address turns out to be another's (the session gone: /login; signed
 * in after all: the home screen).
 */
function StartScreenGone() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (!startScreenStaysFor(document, pathname)) removeStartScreen(document);
  }, [pathname]);
  return null;
}

/** At start, the shell and the screen of the address load together, beside the app's first render. */
export function preloadStartScreens(): Promise<unknown> {
  return preloadMatched(routes, window.location.pathname);
}

function Routes() {
  return useRoutes(routes);
}

/**
 * The router (declarative: the data router's loaders and actions are not used, and its code was
 * 16 KB of gzip on every page, issue 21) under a boundary that paints while the language file is
 * on its way (screens suspend on their words) and while a screen's code loads. A navigation is a
 * transition, so the screen being left stays until the next one's code has arrived.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <StartScreenGone />
      <ScreenErrorBoundary>
        <Suspense
          fallback={
            // the same as index.html's shell, so the page does not flicker while the words arrive
            <div className="duka-boot" aria-busy="true">
              <img src="/assets/duka-logo.svg" width={56} height={56} alt="Duka" />
            </div>
          }
        >
          <Routes />
        </Suspense>
      </ScreenErrorBoundary>
    </BrowserRouter>
  );
}
