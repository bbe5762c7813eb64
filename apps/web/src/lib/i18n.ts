import i18next, { type i18n as I18n, type Resource } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language, isLanguage } from '@duka/domain';
import { loadPrefs, updatePrefs } from './prefs';

/** Translation files are fetched as GET /assets/i18n/{lang}.json (seed spec §1). */
export const I18N_LOAD_PATH = '/assets/i18n/{{lng}}.json';

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

/** Starts i18next; with `resources` (tests) nothing is fetched. */
export async function setupI18n(resources?: Resource, lng: Language = initialLanguage()): Promise<I18n> {
  const instance = i18next.createInstance();
  if (!resources) instance.use(HttpBackend);
  instance.use(initReactI18next);
  await instance.init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    resources,
    backend: resources ? undefined : { loadPath: I18N_LOAD_PATH },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = instance.language;
  instance.on('languageChanged', (l) => {
    document.documentElement.lang = l;
  });
  return instance;
}

/** The language picker's choice, kept for this browser. */
export async function chooseLanguage(instance: I18n, lng: Language): Promise<void> {
  updatePrefs((p) => ({ ...p, language: lng }));
  await instance.changeLanguage(lng);
}
