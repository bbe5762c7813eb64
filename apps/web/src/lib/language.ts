import { FALLBACK_LANGUAGE, type Language, isLanguage } from '@duka/domain';
import { translationFileUrl } from './early-translation';
import { loadPrefs } from './prefs';

declare const __I18N_VERSIONS__: Record<string, string> | undefined;
/** Each translation file's content hash, from the build (vite.config.ts); none in tests. */
const VERSIONS: Record<string, string> = typeof __I18N_VERSIONS__ === 'object' ? __I18N_VERSIONS__ : {};

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
 * The URL of one language's file: GET /assets/i18n/{lang}.json (seed spec §1), with its content
 * hash as `?v=` so the browser may keep it for a year.
 */
export function translationUrl(lng: string): string {
  return translationFileUrl(lng, VERSIONS);
}
