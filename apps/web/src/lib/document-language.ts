import type { i18n as I18n } from 'i18next';
import { FALLBACK_LANGUAGE } from '@duka/domain';

/** The web manifest of a language: English's is the page's own, the others are built beside it (vite.config.ts). */
export function manifestHref(lng: string): string {
  return lng === FALLBACK_LANGUAGE ? '/manifest.webmanifest' : `/manifest-${lng}.webmanifest`;
}

/**
 * The page's language, its description (what a search result or a shared link shows) and the web
 * manifest an installed app takes its description from, in the language in use.
 */
export function applyDocumentLanguage(instance: I18n, lng: string, doc: Document = document): void {
  doc.documentElement.lang = lng;
  if (instance.exists('common.appDescription', { lng })) {
    doc
      .querySelector('meta[name="description"]')
      ?.setAttribute('content', instance.t('common.appDescription', { lng }));
  }
  doc.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestHref(lng));
}
