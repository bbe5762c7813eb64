import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmIntlWhenIdle } from './intl-warm';

describe('Intl warmed while the page waits (issue 21)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('signed in: asks for the locales and a money format once the page is idle, not before', () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => idle.push(cb));
    const locales = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    warmIntlWhenIdle(true);
    expect(locales).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]!({ didTimeout: false, timeRemaining: () => 50 });
    expect(locales).toHaveBeenCalledWith('en');
  });

  it('falls back to a timer where there is no idle callback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const locales = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    warmIntlWhenIdle(true);
    expect(locales).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 5));
    expect(locales).toHaveBeenCalledWith('en');
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
