import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@duka/domain';
import { translationBackend } from './i18n-backend';
import { initialLanguage, translationUrl } from './language';
import { updatePrefs } from './prefs';
import { applyDocumentLanguage } from './document-language';

/** Translation files are fetched as GET /assets/i18n/{lang}.json (seed spec §1); see translationUrl. */
export const I18N_LOAD_PATH = '/assets/i18n/{{lng}}.json';

export { initialLanguage, translationUrl };

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
  if (!resources) instance.use(translationBackend(translationUrl));
  instance.use(initReactI18next);
  // i18next tells of a language once its words have loaded
  instance.on('languageChanged', (l) => applyDocumentLanguage(instance, l));
  const ready = instance.init({
    lng,
    fallbackLng: resources ? FALLBACK_LANGUAGE : false,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    resources,
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
