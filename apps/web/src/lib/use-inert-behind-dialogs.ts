import { useEffect } from 'react';

/**
 * While a modal dialog is open, the page behind it is inert and hidden from assistive technology,
 * so keyboard and screen-reader users stay in the dialog (Mantine portals dialogs outside #root).
 *
 * The page stays inert until the dialog has left, its closing transition included, so Mantine's
 * own focus return, 10 ms after the close, found the page inert and the focus fell to the body.
 * Here the element that had the focus when the dialog opened gets it back once the page is live
 * again, unless something else took it meanwhile (the till gives it to its search).
 */
export function useInertBehindDialogs(rootId = 'root'): void {
  useEffect(() => {
    const root = document.getElementById(rootId);
    if (!root) return;
    /** What had the focus as the page went inert. */
    let opener: HTMLElement | null = null;
    const sync = () => {
      const open = document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
      const dialogInsideRoot = open && root.querySelector('[role="dialog"][aria-modal="true"]') !== null;
      const hide = open && !dialogInsideRoot;
      const was = root.inert;
      // the observer runs before the dialog's focus trap moves the focus in (a timeout)
      if (hide && !was)
        opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      root.inert = hide;
      if (hide) root.setAttribute('aria-hidden', 'true');
      else root.removeAttribute('aria-hidden');
      if (!hide && was) {
        const back = opener;
        opener = null;
        const now = document.activeElement;
        if (back?.isConnected && (now === null || now === document.body)) back.focus({ preventScroll: true });
      }
    };
    const observer = new MutationObserver(sync);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-modal'],
    });
    sync();
    return () => {
      observer.disconnect();
      root.inert = false;
      root.removeAttribute('aria-hidden');
    };
  }, [rootId]);
}
