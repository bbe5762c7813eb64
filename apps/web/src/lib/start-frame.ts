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
 * (screen-error-boundary.tsx) or, whatever happened, after FRAME_MAX_MS. The sign-in page has a
 * frame too (login-frame.ts), with the same life.
 */

import type { EarlyLayout } from './early-translation';

/** The till's addresses (router.tsx): one screen, three kinds of sale. */
export const TILL_PATHS = ['/cash-sale', '/debtor-sale', '/transfer-sale'];

/** Longest the frame stays up without the till taking over: then the page as it is shows. */
export const FRAME_MAX_MS = 15_000;

const START_ID = 'duka-start';
/** What was typed into the sign-in frame's fields when its time was up, for the page to take. */
let leftFields: FrameFields | null = null;
/** The frame whose time was up while what was typed into it is kept for its screen. */
let leftKind: FrameKind | null = null;
const SVG_NS = 'http://www.w3.org/2000/svg';
/** Tabler's shopping-cart icon (the empty cart's, cart-panel.tsx). */
const CART_ICON = [
  'M4 19a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
  'M15 19a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
  'M17 17h-11v-14h-2',
  'M6 5l14 1l-1 7h-13',
];

/** An address without its trailing slashes. */
const trimmed = (pathname: string): string => pathname.replace(/(.)\/+$/, '$1');

export const isTillPath = (pathname: string): boolean => TILL_PATHS.includes(trimmed(pathname));

/** A screen boot.ts paints the frame of before the app's code has arrived. */
export type FrameKind = 'till' | 'login';

/** Which frame is up, if any (the plain start screen is none). */
export const startFrameKind = (doc: Document): FrameKind | null => {
  const kind = doc.getElementById(START_ID)?.dataset.frame;
  return kind === 'till' || kind === 'login' ? kind : null;
};

/** Whether the till's frame is up. */
export const tillFrameShown = (doc: Document): boolean => startFrameKind(doc) === 'till';

/**
 * Whether the start screen stays for the screen at `pathname` to take over: its frame is up, or its
 * time was up with what was typed into it kept (removeStartScreen's `keepKeys`).
 */
export const startScreenStaysFor = (doc: Document, pathname: string): boolean => {
  const own = frameKindOf(pathname);
  return own !== null && (startFrameKind(doc) ?? leftKind) === own;
};

/** The frame a screen's address has (the sign-in page's only for the signed out, boot.ts). */
export const frameKindOf = (pathname: string): FrameKind | null =>
  isTillPath(pathname) ? 'till' : trimmed(pathname) === '/login' ? 'login' : null;

/**
 * The start screen emptied to become a frame of `kind` (its class `className`, busy until its
 * screen takes over), with index.html's inline logo taken out for it to place, and a maker of its
 * parts. Null without the start screen.
 */
export function startFrame(doc: Document, kind: FrameKind, className: string) {
  const start = doc.getElementById(START_ID);
  if (!start) return null;
  const logo = start.querySelector('svg');
  const part = <K extends keyof HTMLElementTagNameMap>(parent: Element, tag: K, name: string) => {
    const el = doc.createElement(tag);
    el.className = name;
    parent.appendChild(el);
    return el;
  };
  start.replaceChildren();
  start.className = className;
  start.dataset.frame = kind;
  start.setAttribute('aria-busy', 'true');
  return { start, logo, part };
}

/**
 * The start screen becomes the till's frame: a header with the logo, on a wide screen the menu
 * where `layout` puts it, and the empty cart where the till puts it, with `words` and the totals'
 * band (index.html has the styles).
 */
export function paintTillFrame(doc: Document, words: string, layout: EarlyLayout): boolean {
  const frame = startFrame(doc, 'till', 'duka-frame');
  if (!frame) return false;
  const { start, logo, part } = frame;
  start.dataset.menu = layout.menu;
  start.dataset.size = layout.size;
  if (layout.folded) start.dataset.folded = '';
  const header = part(start, 'div', 'duka-frame-header');
  if (logo) {
    logo.setAttribute('width', '34');
    logo.setAttribute('height', '34');
    header.appendChild(logo);
  }
  part(start, 'div', 'duka-frame-nav');
  const cart = part(start, 'div', 'duka-frame-cart');
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
  part(cart, 'p', 'duka-frame-words').textContent = words;
  part(cart, 'div', 'duka-frame-totals');
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

/** What was typed into a frame's fields (the sign-in page's), by each field's name. */
export interface FrameFields {
  values: Record<string, string>;
  /** the field that had the focus */
  focused: string | null;
  /** its button pressed, or Enter in a field */
  submitted: boolean;
}

/** What the frame's fields hold now (null for a frame without fields). */
function fieldsIn(start: HTMLElement, doc: Document): FrameFields | null {
  const inputs = [...start.querySelectorAll('input')];
  if (!inputs.length) return null;
  return {
    values: Object.fromEntries(inputs.map((i) => [i.name, i.value])),
    focused: inputs.find((i) => i === doc.activeElement)?.name ?? null,
    submitted: start.dataset.submitted !== undefined,
  };
}

/**
 * The start screen (or a frame) gives way to the app. What was typed into it (keys outside any
 * field, the sign-in frame's fields) is dropped, unless `keepKeys`: the frame's time is up but its
 * screen may still come and take it.
 */
export function removeStartScreen(doc: Document, { keepKeys = false } = {}): void {
  const start = doc.getElementById(START_ID);
  leftFields = keepKeys ? ((start && fieldsIn(start, doc)) ?? leftFields) : null;
  leftKind = keepKeys ? (startFrameKind(doc) ?? leftKind) : null;
  start?.remove();
  if (stopRecording && !keepKeys) takeEarlyKeys();
}

/**
 * The sign-in page takes over from its frame: the frame goes, and what was typed into it, once
 * (null when nothing was: no frame, or it was taken).
 */
export function takeFrameFields(doc: Document): FrameFields | null {
  const start = startFrameKind(doc) === 'login' ? doc.getElementById(START_ID) : null;
  const fields = (start && fieldsIn(start, doc)) || leftFields;
  leftFields = null;
  leftKind = null;
  start?.remove();
  return fields;
}
