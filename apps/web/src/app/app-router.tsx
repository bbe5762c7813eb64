import { Suspense, useLayoutEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './router';

const router = createRouter();

/** index.html's start screen gives way to the app's (the same) in the app's first frame. */
function StartScreenGone() {
  useLayoutEffect(() => document.getElementById('duka-start')?.remove(), []);
  return null;
}

/**
 * The router under a boundary that paints while the language file is on its way (screens suspend
 * on their words) and while a screen's code loads.
 */
export function AppRouter() {
  return (
    <>
      <StartScreenGone />
      <Suspense
        fallback={
          // the same as index.html's shell, so the page does not flicker while the words arrive
          <div className="duka-boot" aria-busy="true">
            <img src="/assets/duka-logo.svg" width={56} height={56} alt="Duka" />
          </div>
        }
      >
        <RouterProvider router={router} />
      </Suspense>
    </>
  );
}
