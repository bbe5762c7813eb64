import { useSyncExternalStore } from 'react';

/**
 * How this till prints, kept per browser: whether it uses the printer helper (Duka's or QZ Tray;
 * only then is the helper ever probed, at sign-in or to print), print each sale's receipt on its
 * own, and which of the helper's printers to use (null: the helper's default printer). A cookie,
 * like the layout prefs, because signing out clears local storage while these belong to the till.
 */
export interface TillPrinting {
  helper: boolean;
  autoPrint: boolean;
  printer: string | null;
}

export const TILL_COOKIE = 'duka_till';
export const DEFAULT_TILL_PRINTING: TillPrinting = { helper: false, autoPrint: false, printer: null };

export function parseTillPrinting(raw: string | null | undefined): TillPrinting {
  let data: Record<string, unknown> = {};
  try {
    const v: unknown = raw ? JSON.parse(raw) : {};
    if (v && typeof v === 'object') data = v as Record<string, unknown>;
  } catch {
    data = {};
  }
  const printer = typeof data.printer === 'string' ? data.printer.trim().slice(0, 200) : '';
  return { helper: data.helper === true, autoPrint: data.autoPrint === true, printer: printer || null };
}

function readCookie(): string | null {
  const prefix = `${TILL_COOKIE}=`;
  for (const part of document.cookie.split(';')) {
    const p = part.trim();
    if (p.startsWith(prefix)) {
      try {
        return decodeURIComponent(p.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

let cached: { raw: string | null; value: TillPrinting } | null = null;
const listeners = new Set<() => void>();

/** Reads the cookie again; tells the screens when it changed. */
function refresh(): TillPrinting {
  const raw = readCookie();
  if (!cached || cached.raw !== raw) {
    const changed = cached !== null;
    cached = { raw, value: parseTillPrinting(raw) };
    if (changed) for (const l of listeners) l();
  }
  return cached.value;
}

/** The settings as they are now (read afresh: for printing, a sign-in). */
export function loadTillPrinting(): TillPrinting {
  return refresh();
}

export function saveTillPrinting(change: Partial<TillPrinting>): TillPrinting {
  const next = { ...loadTillPrinting(), ...change };
  const value = encodeURIComponent(JSON.stringify(next));
  document.cookie = `${TILL_COOKIE}=${value}; path=/; max-age=31536000; SameSite=Strict`;
  return refresh();
}

/** What a render shows: the settings last read, not the cookie read again on every render. */
function snapshot(): TillPrinting {
  return cached?.value ?? refresh();
}

interface CookieStoreLike {
  addEventListener(type: 'change', listener: () => void): void;
  removeEventListener(type: 'change', listener: () => void): void;
}

const cookieStore = () => (globalThis as { cookieStore?: CookieStoreLike }).cookieStore;
const check = () => void refresh();
const seen = () => {
  if (document.visibilityState === 'visible') refresh();
};

/**
 * Watched while a screen shows them: a change in another tab arrives as the cookie store's change
 * event, or (in a browser without it) is read when this tab is looked at again.
 */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    cookieStore()?.addEventListener('change', check);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', seen);
  }
  refresh(); // a change between the render and now
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    cookieStore()?.removeEventListener('change', check);
    window.removeEventListener('focus', check);
    document.removeEventListener('visibilitychange', seen);
  };
}

/**
 * The till's printing settings, re-rendered when they change. Read once, not per render: reading
 * `document.cookie` asks the browser's cookie store each time (the till's header read it four times
 * a render, 27 ms of a till's start at 4x CPU, issue 21).
 */
export function useTillPrinting(): TillPrinting {
  return useSyncExternalStore(subscribe, snapshot, () => DEFAULT_TILL_PRINTING);
}
