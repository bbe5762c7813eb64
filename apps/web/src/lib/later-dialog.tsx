import {
  type ReactNode,
  type RefCallback,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** `step` when the browser is next idle (at the latest after `timeout` ms); answers how to cancel. */
function whenIdle(step: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(step, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(step, 0);
  return () => window.clearTimeout(id);
}

/**
 * Whether the browser has been idle `n` times since the component committed (true at once for 0,
 * never for null).
 * The waiting is a chain of idle callbacks, not of renders: the component renders once more, when
 * it is over. What waits on it is made in a small task after the screen is up, not in the task
 * that first paints it (issue 21: the till's five closed dialogs were made with it, each a portal
 * that renders twice).
 */
export function useIdleAfter(n: number | null, timeout = 3000): boolean {
  const [done, setDone] = useState(n !== null && n <= 0);
  useEffect(() => {
    if (done || n === null) return;
    let left = n;
    let cancel = () => {};
    const step = () => {
      left -= 1;
      if (left <= 0) setDone(true);
      else cancel = whenIdle(step, timeout);
    };
    cancel = whenIdle(step, timeout);
    return () => cancel();
  }, [done, n, timeout]);
  return done;
}

/**
 * For a dialog, drawer or dropdown made once the screen has painted and the browser has been idle
 * `after` times, or when first opened, whichever comes first: a screen's closed overlays, given
 * 1, 2, 3…, are made one per idle period, each in a render of its own (only its owner renders,
 * once). Given null, it is made when first opened, not before (a panel whose code loads then).
 * Opened before it was made, it is made closed and opened in the same frame (a layout effect), so
 * it opens as one made earlier does: with its transition, and giving the focus back on close. Once
 * made it stays, so it closes with its animation. Answers whether to make it, and whether it is
 * open. A dialog whose code is lazy goes under its Suspense boundary with its LaterDialog: while
 * the code loads nothing of it commits, so it is still made closed, then opened, once it arrives.
 */
export function useLater(opened: boolean, after: number | null): { make: boolean; opened: boolean } {
  const idle = useIdleAfter(after);
  const [made, setMade] = useState(false);
  const make = made || idle || opened;
  useLayoutEffect(() => {
    if (make && !made) setMade(true);
  }, [make, made]);
  return { make, opened: made && opened };
}

/** A dialog made as `useLater` says: `children` gets whether it is open. */
export function LaterDialog({
  opened,
  after,
  children,
}: {
  opened: boolean;
  after: number | null;
  children: (opened: boolean) => ReactNode;
}) {
  const later = useLater(opened, after);
  return later.make ? children(later.opened) : null;
}

/**
 * A ref for the element a menu or popover opens from, when the popover is made around it later
 * (`useLater`): the element is shown alone first, then again inside the popover's target, a new
 * element in its place. Whoever had focused it keeps the focus: the old element, as it goes, says
 * whether it had it, and the new one takes it. (Made with the screen, Mantine's Popover sets state
 * as it mounts, floating-ui's elements and its overlay's portal, and React renders again at once,
 * in the same task as the screen's first commit, running every effect of that commit with it:
 * issue 21.)
 */
export function useFocusKept<T extends HTMLElement>(): RefCallback<T> {
  const hadFocus = useRef(false);
  return useCallback((node: T | null) => {
    if (!node) return;
    if (hadFocus.current) {
      hadFocus.current = false;
      node.focus({ preventScroll: true });
    }
    return () => {
      hadFocus.current = node === document.activeElement;
    };
  }, []);
}

/**
 * `opened`, but false for an overlay's first commit: one mounted already open (its code loaded when
 * it was first opened, under a Suspense boundary outside its `useLater`) would not know where the
 * focus was, which Mantine's menu and popover keep to give it back on close. Made closed, it opens
 * in a layout effect, before the browser paints.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => setMounted(true), []);
  return mounted && opened;
}
