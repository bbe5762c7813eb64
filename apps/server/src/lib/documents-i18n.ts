import { DOCUMENT_STRINGS, FALLBACK_LANGUAGE, LANGUAGES, type Language, isLanguage } from '@duka/domain';
import i18next, { type TFunction } from 'i18next';

const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: DOCUMENT_STRINGS[l] }])),
  fallbackLng: FALLBACK_LANGUAGE,
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** The words of server-made documents in a language (unknown languages fall back to English). */
export function documentT(language: string): TFunction {
  const lng: Language = isLanguage(language) ? language : FALLBACK_LANGUAGE;
  return instance.getFixedT(lng);
}
