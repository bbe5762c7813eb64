// The page's first script (an entry of its own, vite.config.ts): tiny and without the app's code,
// it runs while that code downloads and starts fetching the language file in parallel with it,
// and, signed in, once the page has painted, the files every signed-in screen loads. On a till's
// address it paints the till's frame and keeps the keys scanned into it (lib/start-frame.ts).
import {
  guessColorScheme,
  guessLanguage,
  guessLayout,
  startEarlyTranslation,
  translationFileUrl,
} from './lib/early-translation';
import { preloadSignedInFilesAfterPaint, signedInHintIn } from './lib/signed-in-files';
import {
  FRAME_MAX_MS,
  isTillPath,
  paintTillFrame,
  recordEarlyKeys,
  removeStartScreen,
  tillFrameShown,
} from './lib/start-frame';

declare const __I18N_VERSIONS__: Record<string, string>;
/** The empty cart's words in each language (till.cart.empty), from the translation files. */
declare const __TILL_FRAME_WORDS__: Record<string, string>;

const cookie = document.cookie;
const lng = guessLanguage(
  Object.keys(__I18N_VERSIONS__),
  cookie,
  navigator.languages ?? [navigator.language],
);
startEarlyTranslation(translationFileUrl(lng, __I18N_VERSIONS__));
// once the frame below (or the start screen) has painted
void preloadSignedInFilesAfterPaint(window);
// the scheme the app will force (providers.tsx), from the first paint on: no light flash in the dark
document.documentElement.setAttribute('data-mantine-color-scheme', guessColorScheme(cookie));
if (signedInHintIn(cookie) && isTillPath(window.location.pathname)) {
  const words: Record<string, string> = __TILL_FRAME_WORDS__;
  if (paintTillFrame(document, words[lng] ?? words.en ?? '', guessLayout(cookie))) {
    recordEarlyKeys(window);
    // whatever happened, the page as it is shows; the till, if it comes, still takes the keys
    window.setTimeout(() => {
      if (tillFrameShown(document)) removeStartScreen(document, { keepKeys: true });
    }, FRAME_MAX_MS);
  }
}
