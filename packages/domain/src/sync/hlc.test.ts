import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SYNC_MAX_DRIFT_MS } from './rules.js';
import {
  type ClockState,
  type Stamp,
  CLOCK_ZERO,
  HLC_MAX_COUNTER,
  compareStamps,
  fallbackStamp,
  formatStamp,
  nextStamp,
  parseStamp,
  receive,
  stampAfter,
  stampOf,
  storedStamp,
  tick,
} from './hlc.js';

const NOW = Date.parse('2026-11-25T10:00:00.000Z');
/** Times around now, including ones far ahead of it. */
const ms = fc.integer({ min: NOW - 3 * 3_600_000, max: NOW + 3 * 3_600_000 });
const counter = fc.oneof(
  fc.integer({ min: 0, max: 5 }),
  fc.integer({ min: 0, max: HLC_MAX_COUNTER }),
  fc.constant(HLC_MAX_COUNTER),
);
const serverId = fc.oneof(
  fc.uuid(),
  fc.constantFrom('', 'a', 'b', 'A', 'Z', '-', '_'),
  fc.stringMatching(/^[0-9A-Za-z_-]{0,12}$/),
);
const stamp: fc.Arbitrary<Stamp> = fc.record({ ms, counter, serverId });
/** Stamps that often share a ms or a counter, so ties are exercised. */
const closeStamp: fc.Arbitrary<Stamp> = fc.record({
  ms: fc.integer({ min: NOW, max: NOW + 2 }),
  counter: fc.integer({ min: 0, max: 2 }),
  serverId: fc.constantFrom('', 'a', 'b', 'ab'),
});
const state: fc.Arbitrary<ClockState> = fc.record({ ms, counter });
const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);
const key = (s: ClockState) => [s.ms, s.counter] as const;
const stateCmp = (a: ClockState, b: ClockState) =>
  compareStamps({ ...a, serverId: '' }, { ...b, serverId: '' });

describe('hybrid logical clock: stamps', () => {
  it('examples: text form, ties broken by counter then server', () => {
    const s = { ms: NOW, counter: 37, serverId: '0193-ab' };
    expect(formatStamp(s)).toBe('001795600800000.000011.0193-ab');
    expect(parseStamp('001795600800000.000011.0193-ab')).toEqual(s);
    expect(formatStamp({ ms: 0, counter: HLC_MAX_COUNTER, serverId: '' })).toBe('000000000000000.zzzzzz.');
    for (const bad of [
      '',
      '1764064800000.000011.x',
      '001795600800000.00001.x',
      '001795600800000.00001Z.x',
      '001795600800000.000011.a.b',
    ])
      expect(parseStamp(bad)).toBeNull();
    expect(() => formatStamp({ ms: -1, counter: 0, serverId: '' })).toThrow(RangeError);
    expect(() => formatStamp({ ms: 0, counter: HLC_MAX_COUNTER + 1, serverId: '' })).toThrow(RangeError);
    expect(() => formatStamp({ ms: 0, counter: 0, serverId: 'a.b' })).toThrow(RangeError);
    expect(compareStamps({ ms: 2, counter: 0, serverId: 'a' }, { ms: 1, counter: 9, serverId: 'z' })).toBe(1);
    expect(compareStamps({ ms: 1, counter: 1, serverId: 'a' }, { ms: 1, counter: 0, serverId: 'z' })).toBe(1);
    expect(compareStamps({ ms: 1, counter: 1, serverId: 'a' }, { ms: 1, counter: 1, serverId: 'b' })).toBe(
      -1,
    );
    expect(compareStamps({ ms: 1, counter: 1, serverId: 'a' }, { ms: 1, counter: 1, serverId: 'a' })).toBe(0);
  });

  it('format and parse are inverse', () => {
    fc.assert(
      fc.property(stamp, (s) => {
        expect(parseStamp(formatStamp(s))).toEqual(s);
      }),
    );
  });

  it('order is total: antisymmetric, transitive, and equal only for the same stamp', () => {
    fc.assert(
      fc.property(closeStamp, closeStamp, (a, b) => {
        expect(sign(compareStamps(a, b)) + sign(compareStamps(b, a))).toBe(0);
        expect(compareStamps(a, b) === 0).toBe(formatStamp(a) === formatStamp(b));
      }),
    );
    fc.assert(
      fc.property(closeStamp, closeStamp, closeStamp, (a, b, c) => {
        if (compareStamps(a, b) <= 0 && compareStamps(b, c) <= 0)
          expect(compareStamps(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('the text of stamps sorts as the stamps do when their server ids have one length', () => {
    const sameLength = fc
      .integer({ min: 0, max: 36 })
      .chain((n) =>
        fc.tuple(
          fc.record({ ms, counter, serverId: fc.stringMatching(new RegExp(`^[0-9A-Za-z_-]{${n}}$`)) }),
          fc.record({ ms, counter, serverId: fc.stringMatching(new RegExp(`^[0-9A-Za-z_-]{${n}}$`)) }),
        ),
      );
    const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
    fc.assert(
      fc.property(fc.oneof(sameLength, fc.tuple(closeStamp, closeStamp)), ([a, b]) => {
        expect(byText(formatStamp(a), formatStamp(b))).toBe(sign(compareStamps(a, b)));
      }),
    );
  });
});

describe('hybrid logical clock: tick, receive, edits', () => {
  it('examples: the wall moves the clock; a clock ahead of the wall counts up', () => {
    expect(tick(CLOCK_ZERO, NOW)).toEqual({ ms: NOW, counter: 0 });
    expect(tick({ ms: NOW, counter: 0 }, NOW)).toEqual({ ms: NOW, counter: 1 });
    expect(tick({ ms: NOW + 5, counter: 3 }, NOW)).toEqual({ ms: NOW + 5, counter: 4 });
    expect(tick({ ms: NOW, counter: 3 }, NOW + 1)).toEqual({ ms: NOW + 1, counter: 0 });
    expect(tick({ ms: NOW, counter: HLC_MAX_COUNTER }, NOW)).toEqual({ ms: NOW + 1, counter: 0 });
  });

  it('is monotonic: every tick is later than the clock before it, whatever the wall says', () => {
    fc.assert(
      fc.property(state, fc.array(ms, { minLength: 1, maxLength: 30 }), (s0, walls) => {
        let s = s0;
        for (const now of walls) {
          const next = tick(s, now);
          expect(stateCmp(next, s)).toBe(1);
          expect(next.ms).toBeGreaterThanOrEqual(now);
          s = next;
        }
      }),
    );
  });

  it('receive is at least both inputs, and the next tick is past the incoming stamp', () => {
    fc.assert(
      fc.property(state, stamp, ms, fc.stringMatching(/^[0-9a-z-]{0,8}$/), (s, incoming, now, me) => {
        const r = receive(s, incoming, now);
        expect(stateCmp(r.state, s)).toBeGreaterThanOrEqual(0);
        if (r.skewed) return;
        expect(stateCmp(r.state, incoming)).toBeGreaterThanOrEqual(0);
        expect(compareStamps(stampOf(tick(r.state, now), me), incoming)).toBe(1);
        // It moves only as far as the larger of the two.
        expect(key(r.state)).toEqual(stateCmp(s, incoming) >= 0 ? key(s) : key(incoming));
      }),
    );
  });

  it('drift guard: a stamp more than 5 minutes ahead of now leaves the clock where it was', () => {
    expect(receive(CLOCK_ZERO, { ms: NOW + SYNC_MAX_DRIFT_MS, counter: 7, serverId: 'b' }, NOW)).toEqual({
      state: { ms: NOW + SYNC_MAX_DRIFT_MS, counter: 7 },
      skewed: false,
    });
    expect(receive(CLOCK_ZERO, { ms: NOW + SYNC_MAX_DRIFT_MS + 1, counter: 0, serverId: 'b' }, NOW)).toEqual({
      state: CLOCK_ZERO,
      skewed: true,
    });
    fc.assert(
      fc.property(state, stamp, ms, (s, incoming, now) => {
        const r = receive(s, incoming, now);
        expect(r.skewed).toBe(incoming.ms > now + SYNC_MAX_DRIFT_MS);
        if (r.skewed) expect(r.state).toBe(s);
        // A clock no further ahead than the limit stays so, whatever it receives.
        if (s.ms <= now + SYNC_MAX_DRIFT_MS) expect(r.state.ms).toBeLessThanOrEqual(now + SYNC_MAX_DRIFT_MS);
      }),
    );
  });

  it('an edit is stamped past the stored stamp of its field, even one from a future clock', () => {
    const future = { ms: NOW + 3 * 3_600_000, counter: 4, serverId: 'zzz' };
    const mine = stampOf(tick(CLOCK_ZERO, NOW), 'aaa');
    expect(stampAfter(mine, future)).toEqual({ ms: future.ms, counter: 5, serverId: 'aaa' });
    expect(stampAfter(mine, null)).toBe(mine);
    expect(nextStamp({ ms: NOW, counter: HLC_MAX_COUNTER, serverId: 'b' }, 'a')).toEqual({
      ms: NOW + 1,
      counter: 0,
      serverId: 'a',
    });
    fc.assert(
      fc.property(
        state,
        ms,
        fc.option(stamp),
        fc.stringMatching(/^[0-9a-z-]{0,8}$/),
        (s, now, stored, me) => {
          const ticked = stampOf(tick(s, now), me);
          const edit = stampAfter(ticked, stored);
          expect(compareStamps(edit, ticked)).toBeGreaterThanOrEqual(0);
          if (stored) expect(compareStamps(edit, stored)).toBe(1);
          expect(edit.serverId).toBe(me);
        },
      ),
    );
  });

  it('a field with no stamp counts as its updated_at, counter 0, no server', () => {
    expect(fallbackStamp('2026-11-25T10:00:00.000Z')).toEqual({ ms: NOW, counter: 0, serverId: '' });
    expect(fallbackStamp(null)).toEqual({ ms: 0, counter: 0, serverId: '' });
    expect(fallbackStamp('not a time')).toEqual({ ms: 0, counter: 0, serverId: '' });
    expect(storedStamp('', '2026-11-25T10:00:00.000Z')).toEqual({ ms: NOW, counter: 0, serverId: '' });
    expect(storedStamp('001795600800000.000011.b', null)).toEqual({ ms: NOW, counter: 37, serverId: 'b' });
    // Any stamp taken at that moment or later, by any server, beats it.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_600_000 }), counter, serverId, (later, c, id) => {
        const old = fallbackStamp(new Date(NOW).toISOString());
        const s: Stamp = { ms: NOW + later, counter: c, serverId: id };
        if (later > 0 || c > 0 || id !== '') expect(compareStamps(s, old)).toBe(1);
      }),
    );
  });
});
