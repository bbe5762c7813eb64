import { useLayoutEffect } from 'react';
import { removeStartScreen, startScreenStaysFor } from '../lib/start-frame';

/**
 * index.html's start screen gives way to the app's (the same) in the app's first frame. A frame
 * (the till's, the sign-in page's) stays until its screen takes over (till-page.tsx,
 * login-card.tsx), unless the address turns out to be another's (the session gone: /login; signed
 * in after all: the home screen).
 */
export function useStartScreenGone(pathname: string): void {
  useLayoutEffect(() => {
    if (!startScreenStaysFor(document, pathname)) removeStartScreen(document);
  }, [pathname]);
}

/** What shows while a screen's words or code arrive: the same as index.html's start screen. */
export function StartFallback() {
  return (
    <div className="duka-boot" aria-busy="true">
      <img src="/assets/duka-logo.svg" width={56} height={56} alt="Duka" />
    </div>
  );
}

/** The sign-in page's addresses: its own, the root's and the spec's old one lead there (router.tsx). */
const SIGN_IN_PATHS = ['/', '/login', '/login/', '/pages/login', '/pages/login/'];

/**
 * Whether the page starts as the sign-in card alone, without the rest of the app's code (issue
 * 21): signed out, at an address that shows the sign-in page. Signed in, or at any other address
 * (/setup, a screen whose session has gone), the app starts with its router (start-app.tsx).
 */
export const signInAloneAt = (pathname: string, signedIn: boolean): boolean =>
  !signedIn && SIGN_IN_PATHS.includes(pathname);
