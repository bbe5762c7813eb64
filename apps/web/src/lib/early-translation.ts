/**
 * The language file's fetch started by boot.ts, the page's first script, while the app's code is
 * still downloading. No imports: boot.ts must not wait for any of the app's code. It guesses the
 * file the app will ask for (the prefs cookie's language, else the browser's, else en); when the
 * guess is wrong the app simply asks for its own (lib/language.ts, initialLanguage).
 */
export interface TranslationResponse {
  status: number;
  data: string;
}

export function fetchTranslation(url: string): Promise<TranslationResponse> {
  return fetch(url).then(async (res) => ({ status: res.status, data: await res.text() }));
}

/** The URL of a language's file (seed spec §1), with its content hash as `?v=` when known. */
export function translationFileUrl(lng: string, versions: Record<string, string>): string {
  const version = versions[lng];
  return `/assets/i18n/${lng}.json${version ? `?v=${version}` : ''}`;
}

/**
 * The browser's preferences cookie (lib/prefs.ts) as it is, read without the app's code; an
 * unreadable one is empty (the app reads it its own way).
 */
function earlyPrefs(cookie: string): {
  language?: unknown;
  layout?: { variant?: unknown; menuPosition?: unknown; sidebarCollapsed?: unknown; size?: unknown };
} {
  const prefs = /(?:^|;\s*)duka_prefs=([^;]*)/.exec(cookie)?.[1];
  try {
    const v: unknown = prefs ? JSON.parse(decodeURIComponent(prefs)) : null;
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

/**
 * The colour scheme the app will start in: dark for the Dark and Transparent variants
 * (layout-config.tsx), light for Light and for anything else (prefs.ts falls back to Light).
 */
export function guessColorScheme(cookie: string): 'light' | 'dark' {
  const variant = earlyPrefs(cookie).layout?.variant;
  return variant === 'Dark' || variant === 'Transparent' ? 'dark' : 'light';
}

/** Where the app will put its menu (prefs.ts, with its defaults): for the till's frame. */
export interface EarlyLayout {
  menu: 'Side' | 'Top';
  folded: boolean;
  size: 'sm' | 'lg';
}

export function guessLayout(cookie: string): EarlyLayout {
  const l = earlyPrefs(cookie).layout ?? {};
  return {
    menu: l.menuPosition === 'Top' ? 'Top' : 'Side',
    folded: l.sidebarCollapsed === true,
    size: l.size === 'sm' ? 'sm' : 'lg',
  };
}

/** The language the app will most likely start in, among `languages`. */
export function guessLanguage(languages: string[], cookie: string, browser: readonly string[]): string {
  const chosen = earlyPrefs(cookie).language;
  if (typeof chosen === 'string' && languages.includes(chosen)) return chosen;
  for (const tag of browser) {
    const base = tag?.slice(0, 2).toLowerCase();
    if (base && languages.includes(base)) return base;
  }
  return 'en';
}

let early: { url: string; response: Promise<TranslationResponse> } | null = null;

export function startEarlyTranslation(url: string): void {
  const response = fetchTranslation(url);
  response.catch(() => undefined); // a failure is i18next's to report when it asks
  early = { url, response };
}

/** The early answer for `url`, once; afterwards (or for another URL) null. */
export function takeEarlyTranslation(url: string): Promise<TranslationResponse> | null {
  if (!early || early.url !== url) return null;
  const { response } = early;
  early = null;
  return response;
}
