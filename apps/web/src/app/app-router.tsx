import { Suspense } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { preloadMatched } from './lazy-screen';
import { routes } from './router';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { StartFallback, useStartScreenGone } from './start-screen';

function StartScreenGone() {
  useStartScreenGone(useLocation().pathname);
  return null;
}

/** At start, the shell and the screen of the address load together, beside the app's first render. */
export function preloadStartScreens(pathname: string): Promise<unknown> {
  return preloadMatched(routes, pathname);
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
        {/* the same as index.html's shell, so the page does not flicker while the words arrive */}
        <Suspense fallback={<StartFallback />}>
          <Routes />
        </Suspense>
      </ScreenErrorBoundary>
    </BrowserRouter>
  );
}
