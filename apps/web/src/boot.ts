// The page's first script (an entry of its own, vite.config.ts): tiny and without the app's code,
// it runs while that code downloads and starts fetching the language file in parallel with it,
// and, signed in, the files every signed-in screen loads.
import { guessLanguage, startEarlyTranslation, translationFileUrl } from './lib/early-translation';
import { preloadSignedInFiles } from './lib/signed-in-files';

declare const __I18N_VERSIONS__: Record<string, string>;

const lng = guessLanguage(
  Object.keys(__I18N_VERSIONS__),
  document.cookie,
  navigator.languages ?? [navigator.language],
);
startEarlyTranslation(translationFileUrl(lng, __I18N_VERSIONS__));
preloadSignedInFiles(document);
