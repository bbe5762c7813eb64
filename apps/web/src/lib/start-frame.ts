/**
 * The till's frame (issue 21): on a till's address, signed in, boot.ts paints the till's outline
 * and its empty cart's words ("Scan a barcode…") in index.html's start screen as soon as the page's
 * styles are in, seconds before the app's code has arrived and rendered the till. The keys typed
 * meanwhile (a scanner's codes, each ending in Enter) are kept, and the till, once up, adds what
 * they name: nothing scanned while the till opens is lost. It imports none of the app's code (only
 * a type of boot's own early-translation.ts): boot.ts must not wait for any.
 *
 * The frame covers the page (the app assembles beneath it) until the till takes over
 * (till-page.tsx), the address turns out not to be a till's (app-router.tsx), a screen fails
 * (screen-error-boundary.tsx) or, whatever happened, after FRAME_MAX_MS.
 */

import type { EarlyLayout } from './early-translation';

/** The till's addresses (router.tsx): one screen, three kinds of sale. */
export const TILL_PATHS = ['/cash-sale', '/debtor-sale', '/transfer-sale'];

/** Longest the frame stays up without the till taking over: then the page as it is shows. */
export const FRAME_MAX_MS = 15_000;

const START_ID = 'duka-start';
const SVG_NS = 'http://www.w3.org/2000/svg';
/** Tabler's shopping-cart icon (the empty cart's, cart-panel.tsx). */
const CART_ICON = [
  'M4 19a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
  'M15 19a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
  'M17 17h-11v-14h-2',
  'M6 5l14 1l-1 7h-13',
];

export const isTillPath = (pathname: string): boolean =>
  TILL_PATHS.includes(pathname.replace(/(.)\/+$/, '$1'));

/** Whether the till's frame is up. */
export const tillFrameShown = (doc: Document): boolean =>
  doc.getElementById(START_ID)?.dataset.frame === 'till';

/**
 * The start screen becomes the till's frame: a header with the logo, on a wide screen the menu
 * where `layout` puts it, and the empty cart where the till puts it, with `words` and the totals'
 * band (index.html has the styles).
 */
export function paintTillFrame(doc: Document, words: string, layout: EarlyLayout): boolean {
  const start = doc.getElementById(START_ID);
  if (!start) return false;
  const logo = start.querySelector('svg');
  const part = (parent: Element, className: string, tag = 'div') => {
    const el = doc.createElement(tag);
    el.className = className;
    parent.appendChild(el);
    return el;
  };
  start.replaceChildren();
  start.className = 'duka-frame';
  start.dataset.frame = 'till';
  start.setAttribute('aria-busy', 'true');
  start.dataset.menu = layout.menu;
  start.dataset.size = layout.size;
  if (layout.folded) start.dataset.folded = '';
  const header = part(start, 'duka-frame-header');
  if (logo) {
    logo.setAttribute('width', '34');
    logo.setAttribute('height', '34');
    header.appendChild(logo);
  }
  part(start, 'duka-frame-nav');
  const cart = part(start, 'duka-frame-cart');
  const icon = doc.createElementNS(SVG_NS, 'svg');
  for (const [name, value] of Object.entries({
    viewBox: '0 0 24 24',
    width: '36',
    height: '36',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '1.4',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
  }))
    icon.setAttribute(name, value);
  for (const d of CART_ICON) {
    const path = doc.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', d);
    icon.appendChild(path);
  }
  cart.appendChild(icon);
  part(cart, 'duka-frame-words', 'p').textContent = words;
  part(cart, 'duka-frame-totals');
  return true;
}

let typed: string | null = null;
let stopRecording: (() => void) | null = null;

/**
 * Keeps the keys typed outside any field from now on: printable ones as they are, Enter as a line
 * break (a scanner ends each code with it).
 */
export function recordEarlyKeys(target: Window): void {
  stopRecording?.();
  typed = '';
  const listener = (e: KeyboardEvent) => {
    const el = e.target as HTMLElement | null;
    if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable)) return;
    if (e.key === 'Enter') typed += '\n';
    else if (e.key.length === 1 && e.key !== ' ' && !e.ctrlKey && !e.metaKey && !e.altKey) typed += e.key;
  };
  target.addEventListener('keydown', listener, true);
  stopRecording = () => target.removeEventListener('keydown', listener, true);
}

/** The keys kept since recordEarlyKeys, once: the codes ended by Enter and what followed the last. */
export function takeEarlyKeys(): { scans: string[]; rest: string } {
  stopRecording?.();
  stopRecording = null;
  const lines = (typed ?? '').split('\n');
  typed = null;
  const rest = lines.pop() ?? '';
  return { scans: lines.map((l) => l.trim()).filter(Boolean), rest };
}

/**
 * The start screen (or the till's frame) gives way to the app. Keys not taken by now are dropped,
 * unless `keepKeys` (the frame's time is up but the till may still come and take them).
 */
export function removeStartScreen(doc: Document, { keepKeys = false } = {}): void {
  doc.getElementById(START_ID)?.remove();
  if (stopRecording && !keepKeys) takeEarlyKeys();
}
