import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isTillPath,
  paintTillFrame,
  recordEarlyKeys,
  removeStartScreen,
  startScreenStaysFor,
  takeEarlyKeys,
  tillFrameShown,
} from './start-frame';

/** index.html's start screen, as the page has it before boot.ts runs. */
function startScreen() {
  document.body.innerHTML = `<div id="duka-start" class="duka-boot"><svg width="56" height="56"></svg></div><div id="root"></div>`;
}

const SIDE = { menu: 'Side', folded: false, size: 'lg' } as const;

const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init }));
const typeKeys = (text: string) => {
  for (const ch of text) press(ch === '\n' ? 'Enter' : ch);
};

describe("the till's frame (boot.ts)", () => {
  beforeEach(startScreen);
  afterEach(() => {
    removeStartScreen(document);
    document.body.innerHTML = '';
  });

  it('is painted on the till addresses only', () => {
    for (const path of ['/cash-sale', '/debtor-sale', '/transfer-sale', '/cash-sale/'])
      expect(isTillPath(path)).toBe(true);
    for (const path of ['/', '/login', '/dashboard', '/cash-sales', '/current-sales', '/x/cash-sale'])
      expect(isTillPath(path)).toBe(false);
  });

  it("turns the start screen into the till's outline: the logo, the empty cart and its words", () => {
    expect(tillFrameShown(document)).toBe(false);
    expect(paintTillFrame(document, 'Scan a barcode', SIDE)).toBe(true);
    const start = document.getElementById('duka-start')!;
    expect(tillFrameShown(document)).toBe(true);
    expect(start.className).toBe('duka-frame');
    expect(start.getAttribute('aria-busy')).toBe('true');
    expect(start.querySelector('.duka-frame-header svg')?.getAttribute('width')).toBe('34');
    expect(start.querySelector('.duka-frame-cart .duka-frame-words')?.textContent).toBe('Scan a barcode');
    expect(start.querySelector('.duka-frame-cart svg path')).not.toBeNull();
    expect(start.querySelector('.duka-frame-totals')).not.toBeNull();
    // nothing of it is the app's: the app's root stays empty
    expect(document.getElementById('root')?.childElementCount).toBe(0);
  });

  it("follows the menu's place and size chosen in this browser", () => {
    paintTillFrame(document, 'x', { menu: 'Top', folded: true, size: 'sm' });
    const start = document.getElementById('duka-start')!;
    expect(start.dataset).toMatchObject({ menu: 'Top', size: 'sm', folded: '' });
    startScreen();
    paintTillFrame(document, 'x', SIDE);
    expect(document.getElementById('duka-start')!.dataset.folded).toBeUndefined();
  });

  it('paints nothing on a page without the start screen', () => {
    document.body.innerHTML = '';
    expect(paintTillFrame(document, 'x', SIDE)).toBe(false);
  });

  it('keeps the keys typed outside any field: codes ended by Enter, then what followed', () => {
    recordEarlyKeys(window);
    typeKeys('6161234\n');
    press('Shift'); // keys that type nothing are not kept
    press(' ');
    press('c', { ctrlKey: true });
    typeKeys('ABC-9\n\nsug');
    const input = document.createElement('input');
    document.body.appendChild(input);
    press('x', {}, input); // typed into a field: the field's
    expect(takeEarlyKeys()).toEqual({ scans: ['6161234', 'ABC-9'], rest: 'sug' });
    // once: then nothing, and nothing more is kept
    typeKeys('777\n');
    expect(takeEarlyKeys()).toEqual({ scans: [], rest: '' });
  });

  it('drops the keys when the frame gives way to another screen, keeps them when only its time is up', () => {
    paintTillFrame(document, 'x', SIDE);
    recordEarlyKeys(window);
    typeKeys('123\n');
    removeStartScreen(document, { keepKeys: true });
    expect(document.getElementById('duka-start')).toBeNull();
    typeKeys('456\n');
    expect(takeEarlyKeys().scans).toEqual(['123', '456']);

    startScreen();
    paintTillFrame(document, 'x', SIDE);
    recordEarlyKeys(window);
    typeKeys('123\n');
    removeStartScreen(document);
    typeKeys('456\n');
    expect(takeEarlyKeys().scans).toEqual([]);
  });

  it("stays for the till after its time is up with the keys kept, so the app's first frame leaves them to it", () => {
    paintTillFrame(document, 'x', SIDE);
    expect(startScreenStaysFor(document, '/cash-sale')).toBe(true);
    recordEarlyKeys(window);
    typeKeys('123\n');
    removeStartScreen(document, { keepKeys: true });
    expect(startScreenStaysFor(document, '/cash-sale')).toBe(true);
    expect(startScreenStaysFor(document, '/login')).toBe(false);
    expect(takeEarlyKeys().scans).toEqual(['123']);
  });
});
