import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTL_WARM_STEPS, warmIntlWhenIdle } from './intl-warm';

const deadline: IdleDeadline = { didTimeout: false, timeRemaining: () => 50 };

describe('Intl warmed while the page waits (issue 21)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('signed in: asks for the likely subtags, the locales and a money format once the page is idle, not before', () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => idle.push(cb));
    const maximize = vi.spyOn(Intl.Locale.prototype, 'maximize');
    const locales = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    const money = vi.spyOn(Intl, 'NumberFormat');
    warmIntlWhenIdle(true);
    expect(maximize).not.toHaveBeenCalled();
    expect(locales).not.toHaveBeenCalled();
    for (const cb of idle) cb(deadline);
    expect(maximize).toHaveBeenCalled();
    expect(locales).toHaveBeenCalledWith('en');
    expect(money).toHaveBeenCalledWith('en', { style: 'currency', currency: 'USD' });
  });

  it('takes one step per idle callback, so no callback holds the page for the whole of the first use', () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => idle.push(cb));
    const maximize = vi.spyOn(Intl.Locale.prototype, 'maximize');
    const locales = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    warmIntlWhenIdle(true);
    expect(idle).toHaveLength(1);
    idle[0]!(deadline);
    // the first callback did the first step only, and asked for the next
    expect(maximize).toHaveBeenCalledTimes(1);
    expect(locales).not.toHaveBeenCalled();
    expect(idle).toHaveLength(2);
    idle[1]!(deadline);
    expect(locales).toHaveBeenCalledTimes(1);
    idle[2]!(deadline);
    expect(idle).toHaveLength(INTL_WARM_STEPS.length);
  });

  it('goes on with the next steps when one throws', () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => idle.push(cb));
    vi.spyOn(Intl.Locale.prototype, 'maximize').mockImplementation(() => {
      throw new RangeError('no ICU data');
    });
    const locales = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    warmIntlWhenIdle(true);
    for (let i = 0; i < idle.length; i++) idle[i]!(deadline);
    expect(locales).toHaveBeenCalledWith('en');
  });

  // Fake timers: with real ones the chain of steps outlived the test on a busy machine (CI, 30
  // November: not done after 20 ms), and its next step then met the following test's stub.
  it('falls back to timers where there is no idle callback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const locales = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    const money = vi.spyOn(Intl, 'NumberFormat');
    warmIntlWhenIdle(true);
    expect(locales).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(locales).toHaveBeenCalledWith('en');
    expect(money).toHaveBeenCalledWith('en', { style: 'currency', currency: 'USD' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('on the sign-in page (not signed in) does nothing', async () => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    const locales = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    warmIntlWhenIdle(false);
    await new Promise((r) => setTimeout(r, 5));
    expect(idle).not.toHaveBeenCalled();
    expect(locales).not.toHaveBeenCalled();
  });
});
