import i18next, { type i18n as I18n, type Resource } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language, isLanguage } from '@duka/domain';
import { loadPrefs, updatePrefs } from './prefs';

/**
 * Translation files are fetched as GET /assets/i18n/{lang}.json (seed spec §1), with the file's
 * content hash as `?v=` (the build's `__I18N_VERSIONS__`), so the browser may keep it for a year.
 */
export const I18N_LOAD_PATH = '/assets/i18n/{{lng}}.json';

declare const __I18N_VERSIONS__: Record<string, string> | undefined;
const VERSIONS: Record<string, string> = typeof __I18N_VERSIONS__ === 'object' ? __I18N_VERSIONS__ : {};

/** The URL of one language's file: its path, and its content hash when the build knows it. */
export function translationUrl(lng: string): string {
  const version = VERSIONS[lng];
  return `/assets/i18n/${lng}.json${version ? `?v=${version}` : ''}`;
}

/** The language to start in: the one chosen in this browser, else the browser's own, else en. */
export function initialLanguage(): Language {
  const chosen = loadPrefs().language;
  if (chosen) return chosen;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag?.slice(0, 2).toLowerCase();
    if (base && isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

/**
 * Makes the i18next instance and starts loading the language, without waiting for it: the page
 * paints at once and the screens that need words suspend until they arrive. Only the language in
 * use is fetched: every file has every key (i18n-keys test), so English is never needed beside
 * another language (`fallbackLng: false`). With `resources` (tests) nothing is fetched.
 */
export function createI18n(
  resources?: Resource,
  lng: Language = initialLanguage(),
): { instance: I18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  if (!resources) instance.use(HttpBackend);
  instance.use(initReactI18next);
  instance.on('languageChanged', (l) => {
    document.documentElement.lang = l;
  });
  const ready = instance.init({
    lng,
    fallbackLng: resources ? FALLBACK_LANGUAGE : false,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    resources,
    backend: resources ? undefined : { loadPath: (lngs: string[]) => translationUrl(lngs[0] ?? lng) },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  return { instance, ready };
}

/** Starts i18next and waits until the language is loaded (tests, and anything that needs words first). */
export async function setupI18n(resources?: Resource, lng: Language = initialLanguage()): Promise<I18n> {
  const { instance, ready } = createI18n(resources, lng);
  await ready;
  return instance;
}

/** The language picker's choice, kept for this browser. */
export async function chooseLanguage(instance: I18n, lng: Language): Promise<void> {
  updatePrefs((p) => ({ ...p, language: lng }));
  await instance.changeLanguage(lng);
}
