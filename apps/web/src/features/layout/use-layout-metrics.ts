import { useEffect, useState } from 'react';

/** Seed spec §9 constants of the layout. */
export const SMALL_SCREEN_MAX = 1200;
export const RESIZE_DEBOUNCE_MS = 500;
export const SCROLL_TOP_THRESHOLD = 400;
export const NAVBAR_SCROLLED_THRESHOLD = 60;
export const PAGE_SCROLLED_THRESHOLD = 20;
export const SIDEBAR_REFRESH_DELAY_MS = 300;

const isSmallNow = () => window.innerWidth < SMALL_SCREEN_MAX;

/** Whether the screen is under 1200 px, following resizes debounced by 500 ms. */
export function useSmallScreen(): boolean {
  const [small, setSmall] = useState(isSmallNow);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setSmall(isSmallNow()), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return small;
}

export interface ScrollState {
  navbarScrolled: boolean;
  pageScrolled: boolean;
  showScrollTop: boolean;
}

export function scrollStateOf(y: number): ScrollState {
  return {
    navbarScrolled: y > NAVBAR_SCROLLED_THRESHOLD,
    pageScrolled: y > PAGE_SCROLLED_THRESHOLD,
    showScrollTop: y > SCROLL_TOP_THRESHOLD,
  };
}

/** The scroll thresholds of §4 and §9, updated only when one of them flips. */
export function useScrollState(): ScrollState {
  const [s, setS] = useState<ScrollState>(() => scrollStateOf(window.scrollY));
  useEffect(() => {
    const onScroll = () => {
      const next = scrollStateOf(window.scrollY);
      setS((prev) =>
        prev.navbarScrolled === next.navbarScrolled &&
        prev.pageScrolled === next.pageScrolled &&
        prev.showScrollTop === next.showScrollTop
          ? prev
          : next,
      );
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return s;
}
