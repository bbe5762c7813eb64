import { type RefObject, useEffect } from 'react';

/** A device whose only pointer is a finger: focusing a field there opens the on-screen keyboard. */
export const touchOnly = (): boolean =>
  window.matchMedia?.('(pointer: coarse)').matches === true &&
  !window.matchMedia('(any-pointer: fine)').matches;

/**
 * Focuses `input` once the screen that mounts it has painted, unless the user has already put the
 * focus somewhere (the page's body is not somewhere). Instead of `autoFocus`: focusing makes the
 * browser lay the page out at once, and inside the commit that mounts a screen that was the whole
 * first layout (the till's, about a quarter of that task at Lighthouse's 4× CPU; the sign-in page's,
 * 111–210 ms of a 238–404 ms task, issue 21). After the frame the layout is done and the focus
 * costs nothing. With `notOnTouch`, not on a touch-only device.
 */
export function useFocusAfterPaint(
  input: RefObject<HTMLInputElement | null>,
  { notOnTouch = false }: { notOnTouch?: boolean } = {},
): void {
  useEffect(() => {
    if (notOnTouch && touchOnly()) return;
    let timer: number | undefined;
    // the frame's callbacks run before it is painted: the task after them comes after the paint
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) input.current?.focus();
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [input, notOnTouch]);
}
