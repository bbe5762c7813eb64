import { useSyncExternalStore } from 'react';

/**
 * The browser's link to its own server (not sync, which is the shop's PC to the hosted server):
 * `online` while requests are answered, `reconnecting` once one went unanswered (or the browser
 * says it is back) and the health route is being asked again, `offline` when the browser has no
 * network or the second ask fails too. Fed by the API client (every answer or network failure),
 * `navigator.onLine` events and a light ping of GET /api/health while the page is visible.
 */
export type Connection = 'online' | 'reconnecting' | 'offline';

/** Ping while the link is down or doubted: a change is seen within this. */
export const PING_DOWN_MS = 2_000;
/** First ping after the link came up; doubled while it stays up, to PING_UP_MAX_MS. */
export const PING_UP_MIN_MS = 4_000;
export const PING_UP_MAX_MS = 30_000;
/** A ping with no answer within this counts as failed. */
export const PING_TIMEOUT_MS = 3_000;

type Listener = () => void;

let state: Connection = typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'online';
const listeners = new Set<Listener>();

function set(next: Connection): void {
  if (next === state) return;
  state = next;
  upDelay = PING_UP_MIN_MS;
  for (const l of listeners) l();
  schedule(next === 'online' ? upDelay : next === 'reconnecting' ? 0 : PING_DOWN_MS);
}

export function connectionNow(): Connection {
  return state;
}

/** A request got an answer from the server (any status): the link works. */
export function reportAnswered(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  set('online');
}

/** An HTTP answer: a gateway's 502 or 504 says our server did not answer; anything else is ours. */
export function reportStatus(status: number): void {
  if (status === 502 || status === 504) reportNoAnswer();
  else reportAnswered();
}

/** A request got no answer (the fetch itself failed, or timed out). */
export function reportNoAnswer(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return set('offline');
  set(state === 'online' ? 'reconnecting' : 'offline');
}

/** The browser's own view: no network at all is offline at once; back on, the server is asked. */
function onBrowserOffline(): void {
  set('offline');
}
function onBrowserOnline(): void {
  if (state !== 'online') set('reconnecting');
  void ping();
}

let upDelay = PING_UP_MIN_MS;
let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight = false;
let watchers = 0;

const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Asks GET /api/health once; the answer moves the state like any request's. */
export async function ping(): Promise<void> {
  if (inFlight) return;
  inFlight = true;
  const abort = new AbortController();
  const giveUp = setTimeout(() => abort.abort(), PING_TIMEOUT_MS);
  try {
    const res = await fetch('/api/health', {
      cache: 'no-store',
      credentials: 'same-origin',
      signal: abort.signal,
    });
    reportStatus(res.status);
  } catch {
    reportNoAnswer();
  } finally {
    clearTimeout(giveUp);
    inFlight = false;
    if (state === 'online') upDelay = Math.min(upDelay * 2, PING_UP_MAX_MS);
    schedule(state === 'online' ? upDelay : PING_DOWN_MS);
  }
}

/** The next ping, only while someone shows the state and the page can be seen. */
function schedule(ms: number): void {
  clearTimeout(timer);
  timer = undefined;
  if (watchers === 0 || !visible()) return;
  timer = setTimeout(() => void ping(), ms);
}

function onVisibility(): void {
  if (!visible()) {
    clearTimeout(timer);
    timer = undefined;
    return;
  }
  upDelay = PING_UP_MIN_MS;
  void ping();
}

/** Starts the browser events and the ping for one more watcher; answers the stop. */
export function watchConnection(): () => void {
  watchers += 1;
  if (watchers === 1) {
    window.addEventListener('online', onBrowserOnline);
    window.addEventListener('offline', onBrowserOffline);
    document.addEventListener('visibilitychange', onVisibility);
    if (navigator.onLine === false) set('offline');
    schedule(state === 'online' ? upDelay : PING_DOWN_MS);
  }
  return () => {
    watchers -= 1;
    if (watchers > 0) return;
    window.removeEventListener('online', onBrowserOnline);
    window.removeEventListener('offline', onBrowserOffline);
    document.removeEventListener('visibilitychange', onVisibility);
    clearTimeout(timer);
    timer = undefined;
  };
}

export function subscribeConnection(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The link's state, re-rendered as it changes (the header's indicator starts the watching). */
export function useConnection(): Connection {
  return useSyncExternalStore(subscribeConnection, connectionNow, connectionNow);
}

/** For tests: back to a fresh start. */
export function resetConnection(next: Connection = 'online'): void {
  clearTimeout(timer);
  timer = undefined;
  inFlight = false;
  upDelay = PING_UP_MIN_MS;
  state = next;
  for (const l of listeners) l();
}
