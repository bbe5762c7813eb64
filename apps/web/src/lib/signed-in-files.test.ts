import { afterEach, describe, expect, it } from 'vitest';
import { preloadSignedInFiles } from './signed-in-files';

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
