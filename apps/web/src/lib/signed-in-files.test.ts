import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRELOAD_WAIT_MS, preloadSignedInFiles, preloadSignedInFilesAfterPaint } from './signed-in-files';

const FILES = ['/assets/icons-A1.js', '/assets/mantine-B2.css', '/assets/mantine-ui-C3.js'];

function page(cookie: string, list: string | null) {
  document.head.innerHTML =
    list === null ? '' : `<script type="application/json" id="duka-signed-in-files">${list}</script>`;
  Object.defineProperty(document, 'cookie', { value: cookie, configurable: true });
  return document;
}

const links = () =>
  [...document.head.querySelectorAll('link')].map((l) => ({
    rel: l.rel,
    as: l.getAttribute('as'),
    crossOrigin: l.getAttribute('crossorigin'),
    href: l.getAttribute('href'),
  }));

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  Reflect.deleteProperty(document, 'cookie');
});

describe("the signed-in screens' files asked for at start (boot.ts)", () => {
  it('signed in: each listed file at once, scripts as module preloads, styles as style preloads', () => {
    expect(preloadSignedInFiles(page('a=1; duka_signed_in=1', JSON.stringify(FILES)))).toEqual(FILES);
    expect(links()).toEqual([
      { rel: 'modulepreload', as: null, crossOrigin: '', href: '/assets/icons-A1.js' },
      { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/mantine-B2.css' },
      { rel: 'modulepreload', as: null, crossOrigin: '', href: '/assets/mantine-ui-C3.js' },
    ]);
  });

  it('signed out (the sign-in page): nothing', () => {
    expect(preloadSignedInFiles(page('a=1; not_duka_signed_in=1', JSON.stringify(FILES)))).toEqual([]);
    expect(links()).toEqual([]);
  });

  it('a list that is missing, unreadable or names anything but a built file: nothing of it', () => {
    expect(preloadSignedInFiles(page('duka_signed_in=1', null))).toEqual([]);
    expect(preloadSignedInFiles(page('duka_signed_in=1', '{broken'))).toEqual([]);
    expect(preloadSignedInFiles(page('duka_signed_in=1', '{"a":1}'))).toEqual([]);
    const odd = ['https://elsewhere.example/x.js', '/assets/../api/me.js', '/assets/a.png', 7];
    expect(preloadSignedInFiles(page('duka_signed_in=1', JSON.stringify(odd)))).toEqual([]);
    expect(links()).toEqual([]);
  });
});

describe('the files asked for once the page has painted', () => {
  /** The page's window, its frames run by hand (`paint`), its timers vitest's. */
  function windowOf(doc: Document) {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    const win = {
      document: doc,
      requestAnimationFrame: (cb: FrameRequestCallback) => frames.push(cb),
      setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
    } as unknown as Window;
    const paint = () => frames.splice(0).forEach((cb) => cb(0));
    return { win, paint };
  }

  it('not while the page has yet to paint its first frame, then in the task after that frame', async () => {
    const { win, paint } = windowOf(page('duka_signed_in=1', JSON.stringify(FILES)));
    const asked = preloadSignedInFilesAfterPaint(win);
    // the till's frame is painted in this task, after the call: the files wait for its paint
    await vi.advanceTimersByTimeAsync(0);
    expect(links()).toEqual([]);
    paint();
    expect(links()).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(await asked).toEqual(FILES);
    expect(links()).toHaveLength(3);
    // and once only, the later timer asking for nothing more
    await vi.advanceTimersByTimeAsync(PRELOAD_WAIT_MS);
    expect(links()).toHaveLength(3);
  });

  it('in a tab that paints no frame (in the background), after a short wait', async () => {
    const { win } = windowOf(page('duka_signed_in=1', JSON.stringify(FILES)));
    const asked = preloadSignedInFilesAfterPaint(win);
    await vi.advanceTimersByTimeAsync(PRELOAD_WAIT_MS - 1);
    expect(links()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await asked).toEqual(FILES);
  });
});
