import { type RefObject, useEffect } from 'react';
import { useFocusAfterPaint } from '../../../lib/use-focus-after-paint';
import { type ScanHandlers, useScanner } from '../../../lib/use-scanner';
import { dialogOpen, useDialogScanGuard } from '../../../lib/use-dialog-scan-guard';

/**
 * The stock screen's scan-or-search box ready for the scanner as on the till
 * (features/till/search-panel.tsx, use-till-keys.ts): focused once the screen has painted (unless
 * the user, or a dialog, has the focus already; not on a touch-only device, where it would open the
 * on-screen keyboard), and F2 focuses it from anywhere on the page, text fields included (F2 types
 * nothing in them). A scan lands wherever the focus is (a button, the page, a quantity marked
 * `data-scan-through`, which gets back what it held), and keys typed outside any field carry on in
 * the box. Neither works while a modal dialog is open (a scan there is given back:
 * useDialogScanGuard); every other key is left alone.
 */
export function useSearchKeys(input: RefObject<HTMLInputElement | null>, scanner: ScanHandlers): void {
  useFocusAfterPaint(input, { notOnTouch: true });
  useScanner(() => !dialogOpen(), scanner);
  useDialogScanGuard();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F2' || e.defaultPrevented || dialogOpen()) return;
      e.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [input]);
}
