import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESIZE_DEBOUNCE_MS, scrollStateOf, useSmallScreen } from './use-layout-metrics';

afterEach(() => vi.useRealTimers());

describe('layout thresholds (seed spec §4, §9)', () => {
  it('navbar scrolled after 60 px, page after 20 px, scroll-top after 400 px', () => {
    expect(scrollStateOf(20)).toEqual({ navbarScrolled: false, pageScrolled: false, showScrollTop: false });
    expect(scrollStateOf(21)).toEqual({ navbarScrolled: false, pageScrolled: true, showScrollTop: false });
    expect(scrollStateOf(61)).toEqual({ navbarScrolled: true, pageScrolled: true, showScrollTop: false });
    expect(scrollStateOf(401).showScrollTop).toBe(true);
  });

  it('switches to the small layout under 1200 px, 500 ms after resizing stops', () => {
    vi.useFakeTimers();
    window.innerWidth = 1440;
    const { result } = renderHook(() => useSmallScreen());
    expect(result.current).toBe(false);
    act(() => {
      window.innerWidth = 1000;
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1);
    });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(true);
    act(() => {
      window.innerWidth = 1200;
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS);
    });
    expect(result.current).toBe(false);
  });
});
