import { useEffect } from 'react';

/**
 * While a modal dialog is open, the page behind it is inert and hidden from assistive technology,
 * so keyboard and screen-reader users stay in the dialog (Mantine portals dialogs outside #root).
 */
export function useInertBehindDialogs(rootId = 'root'): void {
  useEffect(() => {
    const root = document.getElementById(rootId);
    if (!root) return;
    const sync = () => {
      const open = document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
      const dialogInsideRoot = open && root.querySelector('[role="dialog"][aria-modal="true"]') !== null;
      const hide = open && !dialogInsideRoot;
      root.inert = hide;
      if (hide) root.setAttribute('aria-hidden', 'true');
      else root.removeAttribute('aria-hidden');
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
