import { useEffect, useLayoutEffect, useRef } from 'react';
import { takeEarlyKeys } from '../../lib/start-frame';
import type { TillActions, TillState } from './use-till';
import { useScanner, whereKeyLands } from '../../lib/use-scanner';

/** The scanner anywhere on the page, and the function keys (F2 search, F4 new, F7 discount, F8 park, F9 pay). */
export function useTillKeys(s: TillState, a: TillActions) {
  const { receipt, setReceipt, dialog, setDialog, cart, search } = s;
  // nothing reaches a frozen cart (a sale on its way): the scanner waits, the keys do nothing
  useScanner(dialog === null && !s.busy, {
    onScan: (code) => {
      if (receipt) setReceipt(null);
      void search.current?.scan(code);
    },
    onType: (text) => {
      if (receipt) setReceipt(null);
      search.current?.type(text);
    },
    onRestore: (el, value) => {
      const key = el.dataset.key;
      if (key && !s.busyNow.current) s.till.dispatch({ type: 'setQty', key, text: value });
    },
  });

  // The codes scanned into the till's frame while the till was opening (lib/start-frame.ts), in
  // their order, then what was typed after the last: as if they came now.
  useLayoutEffect(() => {
    const early = takeEarlyKeys();
    if (early.scans.length === 0 && !early.rest) return;
    // asked all at once: their answers are taken in this order (use-code-lookup), ahead of any
    // code scanned from now on
    for (const code of early.scans) void search.current?.scan(code);
    if (early.rest) search.current?.type(early.rest);
  }, []);

  // Back to the search once the last dialog or the receipt is gone, however it was closed.
  const open = dialog !== null || receipt !== null;
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) a.focusSearchSoon();
    wasOpen.current = open;
  }, [open]);

  // function keys work everywhere on the till, text fields included
  const keys = useRef<(e: KeyboardEvent) => void>(() => undefined);
  keys.current = (e: KeyboardEvent) => {
    const k = e.key;
    if (s.busyNow.current) {
      if (['F2', 'F4', 'F7', 'F8', 'F9'].includes(k)) e.preventDefault();
      return;
    }
    // + and − outside any field (a line takes its own): the line just scanned
    if ((k === '+' || k === '-') && !open && !e.defaultPrevented && whereKeyLands(e.target) === 'none') {
      if (a.stepLast(k === '+' ? 1 : -1)) e.preventDefault();
      return;
    }
    if (!['F2', 'F4', 'F7', 'F8', 'F9'].includes(k)) return;
    e.preventDefault();
    if (k === 'F4') {
      if (receipt) return a.closeReceipt();
      if (dialog === null && cart.lines.length > 0) return setDialog('new');
      if (dialog === null) return a.focusSearch();
      return;
    }
    if (dialog !== null || receipt) return;
    if (k === 'F2') a.focusSearch();
    else if (k === 'F9') a.openPay();
    else if (k === 'F8' && cart.lines.length > 0) setDialog('park');
    else if (k === 'F7' && cart.lines.length > 0 && s.canDiscount) setDialog('discount');
  };
  useEffect(() => {
    const on = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, []);
}
