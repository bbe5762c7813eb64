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

export function loadTillPrinting(): TillPrinting {
  const raw = readCookie();
  if (!cached || cached.raw !== raw) cached = { raw, value: parseTillPrinting(raw) };
  return cached.value;
}

export function saveTillPrinting(change: Partial<TillPrinting>): TillPrinting {
  const next = { ...loadTillPrinting(), ...change };
  const value = encodeURIComponent(JSON.stringify(next));
  document.cookie = `${TILL_COOKIE}=${value}; path=/; max-age=31536000; SameSite=Strict`;
  for (const l of listeners) l();
  return loadTillPrinting();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The till's printing settings, re-rendered when they change. */
export function useTillPrinting(): TillPrinting {
  return useSyncExternalStore(subscribe, loadTillPrinting, () => DEFAULT_TILL_PRINTING);
}
