// The page's first script (an entry of its own, vite.config.ts): tiny and without the app's code,
// it runs while that code downloads and starts fetching the language file in parallel with it.
import { guessLanguage, startEarlyTranslation, translationFileUrl } from './lib/early-translation';

declare const __I18N_VERSIONS__: Record<string, string>;

const lng = guessLanguage(
  Object.keys(__I18N_VERSIONS__),
  document.cookie,
  navigator.languages ?? [navigator.language],
);
startEarlyTranslation(translationFileUrl(lng, __I18N_VERSIONS__));
