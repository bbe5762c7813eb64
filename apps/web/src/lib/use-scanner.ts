import { useEffect, useRef } from 'react';

/** Most time between two keys of one scan (scanners type a key every few milliseconds). */
export const SCAN_KEY_GAP_MS = 40;
/** Quiet time after which keys typed outside a text field are handed to the search box. */
export const TYPE_HANDOVER_MS = 80;
/** Fewest characters a scan into a quantity field has (a quantity is rarely that long). */
export const MIN_SCAN_THROUGH = 4;
/**
 * Fewest code characters typed into a quantity at any pace, then Enter, that are a scan: no
 * quantity is that long (MAX_SALE_QUANTITY has 7 digits before its point), and a slow scanner (a
 * cheap Bluetooth one sends a key every 30–60 ms) types it so.
 */
export const MIN_SLOW_SCAN = 8;
/** Most time between two keys of a slow scanner's run: a longer pause starts another (a person's digit, then a scan). */
export const SLOW_SCAN_KEY_GAP_MS = 150;
/** Quiet time after the last key before a found product is taken or the focus moves (see keysRest). */
export const KEYS_REST_MS = 120;

/** When the page last handled a key, on the clock of `performance.now` (set by the scanner's listener). */
let lastKeyHandled = Number.NEGATIVE_INFINITY;

/**
 * Resolves once no key has come for KEYS_REST_MS. A product found by one scan is taken, and the
 * focus moved to its line, only after the next scan's keys have all come: moved mid-scan, the
 * focus would split that code between two fields, and a line's quantity read mid-scan holds the
 * scan's first digits (a slow answer, scans a fraction of a second apart).
 */
export function keysRest(): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const wait = lastKeyHandled + KEYS_REST_MS - performance.now();
      if (wait <= 0) resolve();
      else setTimeout(check, wait);
    };
    check();
  });
}

/** A field a scan can land in and be given back from: a quantity, or a dialog's text field. */
export type ScanField = HTMLInputElement | HTMLTextAreaElement;

export interface ScanHandlers {
  /** A code followed by Enter: look it up exactly. */
  onScan: (code: string) => void;
  /** Keys typed outside any text field, without Enter: carry on typing them in the search. */
  onType: (text: string) => void;
  /**
   * A scan that landed in a field marked `data-scan-through` (a quantity): the field gets back
   * what it held before the scan.
   */
  onRestore?: (el: ScanField, value: string) => void;
}

export type Where = 'none' | 'text' | 'through';

const NOT_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file']);

/** Where a key lands: a text field or an open menu (left alone), a quantity field, or anywhere else. */
export function whereKeyLands(target: EventTarget | null): Where {
  if (!(target instanceof HTMLElement)) return 'none';
  if (target instanceof HTMLInputElement && target.dataset.scanThrough !== undefined) return 'through';
  if (target.isContentEditable) return 'text';
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return 'text';
  if (target instanceof HTMLInputElement) return NOT_TEXT_INPUTS.has(target.type) ? 'none' : 'text';
  // an open menu's letters are its own: they move to the item they start (its type-ahead)
  if (target.closest('[role="menu"]')) return 'text';
  const role = target.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'searchbox' ? 'text' : 'none';
}

/**
 * A code typed slowly into a quantity (MIN_SLOW_SCAN digits and letters at least: a quantity's
 * point or comma is none of them).
 */
const SLOW_CODE = new RegExp(`^[0-9A-Za-z]{${MIN_SLOW_SCAN},}$`);
/** A quantity: a field where a slow scanner's keys can land (no cost: 8 digits can be a price). */
const takesSlowScans = (el: ScanField) => el.dataset.scanThrough === 'slow';

/** A key kept from the page (a scan's Enter presses no button and submits no form). */
const swallow = (e: KeyboardEvent) => {
  e.preventDefault();
  e.stopPropagation();
};

const printable = (e: KeyboardEvent) =>
  e.key.length === 1 && e.key !== ' ' && !e.ctrlKey && !e.metaKey && !e.altKey;

/**
 * When a key was pressed: the event's own time (the input's, on the page's clock), not when it is
 * handled. On a slow till every key a field takes renders the page again, and keys a scanner sent
 * a few milliseconds apart wait in line; handled 50 ms apart, they still came as one burst.
 */
export const keyTime = (e: KeyboardEvent): number => (e.timeStamp > 0 ? e.timeStamp : performance.now());

/**
 * Tells a barcode scanner (a burst of keys ending in Enter) from a person: outside text fields
 * every key is collected, Enter turns them into a scan, a pause hands them to the search box;
 * in a quantity field only a fast burst counts as a scan. Answers the keydown listener.
 */
export function createScanner(
  h: ScanHandlers,
  timeOf: (e: KeyboardEvent) => number = keyTime,
  whereOf: (target: EventTarget | null) => Where = whereKeyLands,
) {
  let buf = '';
  let last = 0;
  let gapsOk = true;
  let through: { el: ScanField; value: string } | null = null;
  /** When the last scan's Enter came: a scanner that ends its codes with CR and LF sends two. */
  let scanEnd = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reset = () => {
    buf = '';
    gapsOk = true;
    through = null;
    clearTimeout(timer);
  };

  const listener = (e: KeyboardEvent) => {
    lastKeyHandled = performance.now();
    const where = whereOf(e.target);
    if (where === 'text') return reset();
    const t = timeOf(e);
    if (e.key === 'Enter') {
      const code = buf;
      const wasThrough = through;
      const fast = gapsOk && t - last <= SCAN_KEY_GAP_MS;
      reset();
      if (!code) {
        // the second Enter of a scanner's CR LF presses nothing (a button, a dialog's form)
        if (t - scanEnd <= SCAN_KEY_GAP_MS) swallow(e);
        return;
      }
      // in a quantity, keys at a person's pace are a scan only when no quantity is that long
      if (
        wasThrough &&
        (!fast || code.length < MIN_SCAN_THROUGH) &&
        !(takesSlowScans(wasThrough.el) && SLOW_CODE.test(code))
      )
        return;
      swallow(e);
      scanEnd = t;
      if (wasThrough) h.onRestore?.(wasThrough.el, wasThrough.value);
      h.onScan(code);
      return;
    }
    if (!printable(e)) return;
    const el = e.target as ScanField;
    // on a line, + and − change its quantity: they never start a code
    if (!buf && (e.key === '+' || e.key === '-')) return;
    if (where === 'through') {
      // a slow scanner's keys (a quantity's only) carry its code on, taken for a person's
      const gap = t - last;
      if (!buf || through?.el !== el || gap > (takesSlowScans(el) ? SLOW_SCAN_KEY_GAP_MS : SCAN_KEY_GAP_MS)) {
        buf = '';
        gapsOk = true;
        through = { el, value: el.value };
      } else if (gap > SCAN_KEY_GAP_MS) gapsOk = false;
    } else if (through) {
      // the first key outside a field after keys typed in one (a quantity, then Tab to a button):
      // those were the field's, this starts afresh (else a scan here read them as its start and was
      // taken for a person, and its Enter pressed the button)
      buf = '';
      gapsOk = true;
      through = null;
    } else if (buf && t - last > SCAN_KEY_GAP_MS) {
      gapsOk = false;
    }
    buf += e.key;
    last = t;
    clearTimeout(timer);
    if (where === 'none') {
      // keys outside a field do nothing by themselves; without Enter soon they were a person typing
      e.preventDefault();
      timer = setTimeout(() => {
        const text = buf;
        reset();
        if (text) h.onType(text);
      }, TYPE_HANDOVER_MS);
    }
  };
  return { listener, reset };
}

/**
 * Listens for scans on the whole page while `enabled`: a flag, or a question asked at each key (a
 * screen whose dialogs are not its state: lib/use-inert-behind-dialogs.ts makes the page inert).
 */
export function useScanner(
  enabled: boolean | (() => boolean),
  handlers: ScanHandlers,
  whereOf: (target: EventTarget | null) => Where = whereKeyLands,
): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  const ask = useRef(enabled);
  ask.current = enabled;
  const on = enabled !== false;
  useEffect(() => {
    if (!on) return;
    const s = createScanner(
      {
        onScan: (c) => ref.current.onScan(c),
        onType: (t) => ref.current.onType(t),
        onRestore: (el, v) => ref.current.onRestore?.(el, v),
      },
      keyTime,
      whereOf,
    );
    const listener = (e: KeyboardEvent) => {
      const may = ask.current;
      if (typeof may === 'function' && !may()) return s.reset();
      s.listener(e);
    };
    window.addEventListener('keydown', listener, true);
    return () => {
      window.removeEventListener('keydown', listener, true);
      s.reset();
    };
  }, [on]);
}
