import type { BackendModule, ReadCallback } from 'i18next';
import { type TranslationResponse, fetchTranslation, takeEarlyTranslation } from './early-translation';

/**
 * i18next's loader of the language files (GET /assets/i18n/{lang}.json, translationUrl): the
 * answer boot.ts already asked for when it is that one, else a fetch of its own. In place of
 * i18next-http-backend, which only wrapped this request (2.5 KB of gzip on the sign-in page, issue
 * 21). As it did: a network failure or a server error is tried again (i18next waits and retries,
 * `retry` true); a file that is not there, or not JSON, is not.
 */
export function translationBackend(urlOf: (lng: string) => string): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(language: string, _namespace: string, callback: ReadCallback) {
      const url = urlOf(language);
      (takeEarlyTranslation(url) ?? fetchTranslation(url)).then(
        (res) => answer(url, res, callback),
        (err: unknown) => callback(`failed loading ${url}: ${String(err)}`, true),
      );
    },
  };
}

function answer(url: string, res: TranslationResponse, callback: ReadCallback): void {
  if (res.status >= 500 && res.status < 600)
    return callback(`failed loading ${url}; status ${res.status}`, true);
  if (res.status >= 400) return callback(`failed loading ${url}; status ${res.status}`, false);
  try {
    callback(null, JSON.parse(res.data) as Record<string, unknown>);
  } catch {
    callback(`failed parsing ${url} to json`, false);
  }
}
