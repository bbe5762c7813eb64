import type { ReceiptColumns, RollWidth } from '@duka/domain';

/**
 * Printing without a helper: the browser's print dialog on a print-only view of the receipt,
 * a hidden frame holding the server's receipt image laid out for the roll (58 or 80 mm wide, at
 * the profile's 32, 42 or 48 characters a line, as long as the receipt, no margins).
 */
export const PRINT_FRAME_ID = 'duka-print-frame';
const LOAD_TIMEOUT_MS = 15_000;

/** The roll a receipt prints on and its characters per line (the business profile's). */
export interface ReceiptRoll {
  receipt_width: RollWidth;
  receipt_columns: ReceiptColumns;
}

export function receiptImageUrl(receiptNo: string, columns: ReceiptColumns): string {
  return `/api/receipts/${encodeURIComponent(receiptNo)}/svg?columns=${columns}`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The print view's document: the receipt image at the roll width; the page size follows it. */
export function printDocument(receiptNo: string, roll: ReceiptRoll, title: string): string {
  const width = roll.receipt_width;
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style id="page">@page { size: ${width}mm auto; margin: 0 }</style>
<style>html, body { margin: 0; padding: 0; background: #fff }
img { display: block; width: ${width}mm; height: auto }</style></head>
<body><img src="${escapeHtml(receiptImageUrl(receiptNo, roll.receipt_columns))}" alt="${escapeHtml(title)}"></body></html>`;
}

/** `@page` for a receipt image of the given natural size: the roll's width, the receipt's length. */
export function pageRule(width: RollWidth, naturalWidth: number, naturalHeight: number): string {
  const length = naturalWidth > 0 ? Math.ceil((width * naturalHeight) / naturalWidth) : 0;
  return `@page { size: ${width}mm ${length > 0 ? `${length}mm` : 'auto'}; margin: 0 }`;
}

/**
 * Opens the browser's print dialog for a receipt: a hidden frame whose document holds the
 * receipt image; print() once the image has loaded. Resolves once the dialog was asked for.
 */
export function printInBrowser(receiptNo: string, roll: ReceiptRoll, title: string): Promise<void> {
  document.getElementById(PRINT_FRAME_ID)?.remove();
  const frame = document.createElement('iframe');
  frame.id = PRINT_FRAME_ID;
  frame.title = title;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
  });
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The receipt did not load')), LOAD_TIMEOUT_MS);
    frame.addEventListener('load', () => {
      const doc = frame.contentDocument;
      const win = frame.contentWindow;
      const img = doc?.querySelector('img');
      if (!doc || !win || !img) {
        clearTimeout(timer);
        reject(new Error('The print view could not be made'));
        return;
      }
      const go = () => {
        clearTimeout(timer);
        const style = doc.getElementById('page');
        if (style) style.textContent = pageRule(roll.receipt_width, img.naturalWidth, img.naturalHeight);
        // print() prints the window that has the focus; once the dialog is done the focus comes
        // back to the page, or Escape, F4 and the next scan would go to the hidden frame
        const back = document.activeElement;
        const giveBack = () => {
          if (document.activeElement !== frame) return;
          window.focus();
          if (back instanceof HTMLElement && back.isConnected) back.focus();
          else frame.blur();
        };
        win.addEventListener('afterprint', giveBack, { once: true });
        win.focus();
        win.print();
        giveBack();
        resolve();
      };
      const fail = () => {
        clearTimeout(timer);
        reject(new Error('The receipt could not be loaded'));
      };
      if (img.complete) {
        if (img.naturalWidth > 0) go();
        else fail();
      } else {
        img.addEventListener('load', go, { once: true });
        img.addEventListener('error', fail, { once: true });
      }
    });
    frame.srcdoc = printDocument(receiptNo, roll, title);
    document.body.appendChild(frame);
  });
}
