/**
 * The sign-in page's words its frame paints (lib/start-frame.ts), by the translation key each comes
 * from (login-page.tsx, components/blank-layout.tsx): vite.config.ts reads them from every
 * translation file into boot.ts at build time.
 */
export const LOGIN_FRAME_KEYS = {
  title: 'auth.signInTitle',
  subtitle: 'auth.signInSubtitle',
  login: 'auth.login',
  loginHint: 'auth.loginHint',
  password: 'auth.password',
  signIn: 'auth.signIn',
} as const;

export type LoginFrameWords = Record<keyof typeof LOGIN_FRAME_KEYS, string>;
