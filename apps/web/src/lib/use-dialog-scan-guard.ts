import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyGrowing } from './notify';
import { type ScanField, type Where, createScanner, keyTime, whereKeyLands } from './use-scanner';

const MODAL = '[role="dialog"][aria-modal="true"]';

/** A modal dialog is open (the page behind it is inert: lib/use-inert-behind-dialogs.ts). */
export const dialogOpen = (): boolean => document.querySelector(MODAL) !== null;

/** A field for a password or a one-time code: what a password manager types fast is its own. */
const secret = (el: HTMLInputElement) =>
  el.type === 'password' || /password|one-time-code/.test(el.getAttribute('autocomplete') ?? '');

/**
 * Where a key lands while a dialog is open: a text field or text area of the dialog is watched as a quantity
 * is (`through`: a scanner's burst there is given back), and a button or the dialog itself as the
 * page is (`none`: a scan's Enter presses nothing). A field marked `data-scan-here` (a barcode
 * field), a password field, and everything outside the dialog are left alone.
 */
export function dialogField(target: EventTarget | null): Where {
  if (!(target instanceof HTMLElement) || !target.closest(MODAL)) return 'text';
  if (target.dataset.scanHere !== undefined) return 'text';
  const where = whereKeyLands(target);
  if (where === 'none') return 'none';
  if (target instanceof HTMLTextAreaElement) return 'through';
  return target instanceof HTMLInputElement && !secret(target) ? 'through' : 'text';
}

/** Gives a field a value as typing would, so the form that holds it hears of it. */
function giveBack(el: ScanField, value: string) {
  // the prototype's setter: the element's own one is React's, which would take this for its own
  const proto =
    el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const native = Object.getOwnPropertyDescriptor(proto, 'value');
  native?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * On a screen that takes scans (the till, the stock screens), a scan with a dialog open is not
 * typed into the dialog's field: the field gets back what it held, its Enter does not submit the
 * form, and `say` names the code left out (the browser QA created a supplier named by a barcode;
 * on the till, a scan into the amount tendered would pay with it). A person's typing, slower than
 * a scanner's keys, is left alone. Listens while `enabled` (never while the page's own scanner
 * does: both would take the same keys); answers the function that stops it.
 */
export function installDialogScanGuard(enabled: () => boolean, say: (code: string) => void): () => void {
  const s = createScanner(
    { onScan: say, onType: () => undefined, onRestore: giveBack },
    keyTime,
    dialogField,
  );
  const listener = (e: KeyboardEvent) => {
    if (!enabled()) return s.reset();
    s.listener(e);
  };
  window.addEventListener('keydown', listener, true);
  return () => {
    window.removeEventListener('keydown', listener, true);
    s.reset();
  };
}

/**
 * The notice's id: one notice names every scan left out while it shows (a cashier who scans three
 * items into the pay dialog gets one notice naming three codes, not three notices).
 */
const SCANS_LEFT_OUT = 'scans-left-out';

/**
 * The guard, with a notice naming the code: on a stock screen for as long as it is shown (its own
 * scanner stops while a dialog is open), on the till while one of its dialogs is open (`on`; its
 * own scanner then waits), from the dialog's code, which loads after the till's start.
 */
export function useDialogScanGuard(on = true): void {
  const { t } = useTranslation();
  const say = useRef((_code: string) => undefined as void);
  say.current = (code: string) =>
    notifyGrowing(
      SCANS_LEFT_OUT,
      code,
      (codes) => t('common.scanInDialog', { count: codes.length, codes: codes.join(', ') }),
      // the codes of the dialog open now: another dialog's, perhaps already added, are not named
      document.querySelector(MODAL),
      // at the foot of the screen: at the top it hid the dialog's title, and on a phone the pay
      // dialog's amount to pay (the dialog stays open, so it does not move)
      'bottom-center',
    );
  useEffect(() => (on ? installDialogScanGuard(dialogOpen, (code) => say.current(code)) : undefined), [on]);
}
