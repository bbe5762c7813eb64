// The page's first script (an entry of its own, vite.config.ts): tiny and without the app's code,
// it runs while that code downloads and starts fetching the language file in parallel with it,
// and, signed in, once the page has painted, the files every signed-in screen loads. On a till's
// address it paints the till's frame and keeps the keys scanned into it (lib/start-frame.ts);
// signed out on the sign-in page's, the sign-in card (lib/login-frame.ts).
import {
  guessColorScheme,
  guessLanguage,
  guessLayout,
  startEarlyTranslation,
  translationFileUrl,
} from './lib/early-translation';
import { paintLoginFrame } from './lib/login-frame';
import type { LoginFrameWords } from './lib/login-frame-words';
import { preloadSignedInFilesAfterPaint, signedInHintIn } from './lib/signed-in-files';
import {
  FRAME_MAX_MS,
  type FrameKind,
  frameKindOf,
  paintTillFrame,
  recordEarlyKeys,
  removeStartScreen,
  startFrameKind,
} from './lib/start-frame';

declare const __I18N_VERSIONS__: Record<string, string>;
/**
 * The frames' words in each language, from the translation files: the till's empty cart's
 * (till.cart.empty) and the sign-in card's (vite.config.ts, frameWords).
 */
declare const __FRAME_WORDS__: Record<string, { till: string; login: LoginFrameWords }>;

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
const words = __FRAME_WORDS__[lng] ?? __FRAME_WORDS__.en;
const signedIn = signedInHintIn(cookie);
const kind: FrameKind | null = frameKindOf(window.location.pathname);
let painted = false;
if (words && signedIn && kind === 'till') {
  painted = paintTillFrame(document, words.till, guessLayout(cookie));
  if (painted) recordEarlyKeys(window);
} else if (words && !signedIn && kind === 'login') {
  painted = paintLoginFrame(document, words.login);
}
if (painted) {
  // whatever happened, the page as it is shows; its screen, if it comes, still takes what was typed
  window.setTimeout(() => {
    if (startFrameKind(document) === kind) removeStartScreen(document, { keepKeys: true });
  }, FRAME_MAX_MS);
}
