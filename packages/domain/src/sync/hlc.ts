import { SYNC_MAX_DRIFT_MS } from './rules.js';

/**
 * The hybrid logical clock of sync (ADR 11 §2). A stamp is `(ms, counter, server id)`: physical
 * time in milliseconds, a counter that orders stamps taken within the same millisecond (or while
 * the clock runs ahead of the wall), and the server that took it, which breaks the last tie so
 * every server picks the same winner. Stamps are compared here, as tuples; never in SQL, where a
 * collation may not compare text bytewise.
 */
export interface Stamp {
  ms: number;
  counter: number;
  serverId: string;
}

/** A business's clock as `journal_counters` holds it (`hlc_ms`, `hlc_counter`). */
export interface ClockState {
  ms: number;
  counter: number;
}

/** Six base-36 digits. */
export const HLC_MAX_COUNTER = 36 ** 6 - 1;
/** Fifteen decimal digits (the year 33658). */
export const HLC_MAX_MS = 10 ** 15 - 1;
/** What a server id may hold: a UUID's characters, so the text form splits unambiguously. */
const SERVER_ID = /^[0-9A-Za-z_-]{0,64}$/;
const STAMP_TEXT = /^(\d{15})\.([0-9a-z]{6})\.([0-9A-Za-z_-]{0,64})$/;

/** The clock before its first stamp. */
export const CLOCK_ZERO: ClockState = { ms: 0, counter: 0 };

function check(s: Stamp): Stamp {
  if (!Number.isSafeInteger(s.ms) || s.ms < 0 || s.ms > HLC_MAX_MS) throw new RangeError(`stamp ms ${s.ms}`);
  if (!Number.isSafeInteger(s.counter) || s.counter < 0 || s.counter > HLC_MAX_COUNTER)
    throw new RangeError(`stamp counter ${s.counter}`);
  if (!SERVER_ID.test(s.serverId)) throw new RangeError(`stamp server id ${JSON.stringify(s.serverId)}`);
  return s;
}

/**
 * `"{ms:15 digits}.{counter:6 base-36 digits}.{server id}"`. Fixed widths make the text of two
 * stamps sort (by code unit) as the stamps do; the database still never compares them.
 */
export function formatStamp(s: Stamp): string {
  check(s);
  return `${String(s.ms).padStart(15, '0')}.${s.counter.toString(36).padStart(6, '0')}.${s.serverId}`;
}

/** The stamp written as `text`, or null for anything else (`''` is a row stamped before clocks). */
export function parseStamp(text: string): Stamp | null {
  const m = STAMP_TEXT.exec(text);
  if (!m) return null;
  return { ms: Number(m[1]), counter: parseInt(m[2]!, 36), serverId: m[3]! };
}

/** Negative, zero or positive as `a` is before, equal to or after `b`: ms, then counter, then server id. */
export function compareStamps(a: Stamp, b: Stamp): number {
  if (a.ms !== b.ms) return a.ms < b.ms ? -1 : 1;
  if (a.counter !== b.counter) return a.counter < b.counter ? -1 : 1;
  if (a.serverId === b.serverId) return 0;
  return a.serverId < b.serverId ? -1 : 1;
}

/** The later of two stamps. */
export function maxStamp(a: Stamp, b: Stamp): Stamp {
  return compareStamps(a, b) >= 0 ? a : b;
}

/** The clock state with a server id: the stamp it stands for. */
export function stampOf(state: ClockState, serverId: string): Stamp {
  return check({ ms: state.ms, counter: state.counter, serverId });
}

/**
 * The clock after taking one stamp at wall time `now`: `ms = max(ms, now)`, the counter back to 0
 * when the wall moved past the clock and one up otherwise (past its six digits, the next ms).
 * `journal.ts` runs the same rule in SQL, in the update that takes the journal's number.
 */
export function tick(state: ClockState, now: number): ClockState {
  if (now > state.ms) return { ms: now, counter: 0 };
  if (state.counter >= HLC_MAX_COUNTER) return { ms: state.ms + 1, counter: 0 };
  return { ms: state.ms, counter: state.counter + 1 };
}

export interface Received {
  state: ClockState;
  /** The incoming stamp was more than the drift limit ahead of `now`: the clock did not move. */
  skewed: boolean;
}

/**
 * The clock after seeing another server's stamp: moved up to it (the next tick then stamps past
 * it), unless it is more than `maxDriftMs` ahead of `now`. Then the clock stays, so a server whose
 * clock runs in the future cannot drag this one there; the caller still merges the value and
 * reports the skew.
 */
export function receive(
  state: ClockState,
  incoming: Stamp,
  now: number,
  maxDriftMs: number = SYNC_MAX_DRIFT_MS,
): Received {
  if (incoming.ms - now > maxDriftMs) return { state, skewed: true };
  if (incoming.ms > state.ms || (incoming.ms === state.ms && incoming.counter > state.counter))
    return { state: { ms: incoming.ms, counter: incoming.counter }, skewed: false };
  return { state, skewed: false };
}

/** The smallest stamp of `serverId` after `stored` (counter one up, or the next ms past six digits). */
export function nextStamp(stored: Stamp, serverId: string): Stamp {
  const s = tick(stored, stored.ms);
  return check({ ms: s.ms, counter: s.counter, serverId });
}

/**
 * The stamp of an edit to a field stored with `stored` (ADR 11 §2): the clock's own stamp, or just
 * past the stored one when that is later, `max(tick(), stored.next())`. So an edit made after
 * seeing a value beats it, even one stamped by a clock in the future. The clock itself is not
 * moved past its stamp by this (it would carry a future clock's error into every later stamp).
 */
export function stampAfter(ticked: Stamp, stored: Stamp | null | undefined): Stamp {
  if (!stored) return ticked;
  return maxStamp(ticked, nextStamp(stored, ticked.serverId));
}

/**
 * A stamp for a value written before clocks existed (or a stamp text that does not parse): its
 * row's `updated_at`, counter 0, no server, so any stamped edit of the same moment or later wins.
 */
export function fallbackStamp(updatedAt: string | null | undefined): Stamp {
  const ms = updatedAt ? Date.parse(updatedAt) : NaN;
  return { ms: Number.isFinite(ms) && ms >= 0 && ms <= HLC_MAX_MS ? ms : 0, counter: 0, serverId: '' };
}

/** A stored stamp text, or the fallback from the row's `updated_at` when it has none. */
export function storedStamp(text: string | null | undefined, updatedAt: string | null | undefined): Stamp {
  return (text ? parseStamp(text) : null) ?? fallbackStamp(updatedAt);
}
