import type { Page } from '@playwright/test';

/** Milliseconds between two keys of a USB barcode scanner (they send a key every few). */
const KEY_GAP_MS = 5;

/** The DOM `code` and Windows key code of a character a scanner sends (digits, letters, Enter). */
function keyOf(ch: string): { key: string; code: string; vk: number; text: string } {
  if (ch === '\n') return { key: 'Enter', code: 'Enter', vk: 13, text: '\r' };
  if (/^[0-9]$/.test(ch)) return { key: ch, code: `Digit${ch}`, vk: ch.charCodeAt(0), text: ch };
  if (/^[A-Za-z]$/.test(ch))
    return { key: ch, code: `Key${ch.toUpperCase()}`, vk: ch.toUpperCase().charCodeAt(0), text: ch };
  throw new Error(`a scanner does not send ${JSON.stringify(ch)} here`);
}

/**
 * Types `code` and Enter as a USB barcode scanner does, into whatever has the focus: each key
 * stamped 5 ms after the last, as the keyboard device sends them. (Playwright's own typing waits
 * for the page to handle each key before sending the next, which on this machine puts up to 50 ms
 * between keys a field takes; a scanner's keys queue up, and the page reads their own times.)
 * With `keyGapMs`, every key comes that long after the last, as a slow (Bluetooth) scanner sends them.
 */
export async function scannerTypes(
  page: Page,
  code: string,
  options: { keyGapMs?: number } = {},
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    let at = Date.now();
    for (const ch of `${code}\n`) {
      const k = keyOf(ch);
      at += options.keyGapMs ?? KEY_GAP_MS;
      const timestamp = at / 1000;
      const common = { key: k.key, code: k.code, windowsVirtualKeyCode: k.vk, timestamp };
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: k.text, ...common });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common });
    }
  } finally {
    await cdp.detach();
  }
}
