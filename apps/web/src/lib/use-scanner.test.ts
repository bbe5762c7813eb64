import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_SLOW_SCAN, TYPE_HANDOVER_MS, createScanner, whereKeyLands } from './use-scanner';

let clock = 0;
const now = () => clock;

function setup() {
  const onScan = vi.fn();
  const onType = vi.fn();
  const onRestore = vi.fn();
  const s = createScanner({ onScan, onType, onRestore }, now);
  window.addEventListener('keydown', s.listener, true);
  return { onScan, onType, onRestore, off: () => window.removeEventListener('keydown', s.listener, true) };
}

/** Types `text` (then Enter) on `target`, `gap` ms apart, like a scanner or a person. */
function type(target: HTMLElement, text: string, gap: number, enter = true) {
  const events: KeyboardEvent[] = [];
  for (const key of [...text, ...(enter ? ['Enter'] : [])]) {
    clock += gap;
    const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    target.dispatchEvent(e);
    events.push(e);
  }
  return events;
}

describe('scanner', () => {
  let button: HTMLButtonElement;
  let search: HTMLInputElement;
  let qty: HTMLInputElement;
  let cost: HTMLInputElement;
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML =
      '<button>Park</button><input id="s" /><input id="q" data-scan-through="slow" /><input id="c" data-scan-through />';
    button = document.querySelector('button')!;
    search = document.querySelector('#s')!;
    qty = document.querySelector('#q')!;
    cost = document.querySelector('#c')!;
  });
  afterEach(() => vi.useRealTimers());

  it('tells where a key lands', () => {
    expect(whereKeyLands(button)).toBe('none');
    expect(whereKeyLands(document.body)).toBe('none');
    expect(whereKeyLands(search)).toBe('text');
    expect(whereKeyLands(qty)).toBe('through');
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div role="menu"><button role="menuitem">Sign out</button></div>',
    );
    expect(whereKeyLands(document.querySelector('[role="menuitem"]'))).toBe('text');
  });

  it('a code and Enter outside a text field is a scan; the Enter does not press the button', () => {
    const h = setup();
    const events = type(button, '6161100000017', 8);
    expect(h.onScan).toHaveBeenCalledWith('6161100000017');
    expect(events.at(-1)!.defaultPrevented).toBe(true);
    vi.advanceTimersByTime(TYPE_HANDOVER_MS * 2);
    expect(h.onType).not.toHaveBeenCalled();
    h.off();
  });

  it('keys typed outside a field without Enter go to the search box', () => {
    const h = setup();
    type(document.body, 'sug', 30, false);
    vi.advanceTimersByTime(TYPE_HANDOVER_MS + 1);
    expect(h.onType).toHaveBeenCalledWith('sug');
    expect(h.onScan).not.toHaveBeenCalled();
    h.off();
  });

  it('leaves text fields alone, and + or − on a line to the line', () => {
    const h = setup();
    type(search, 'SUG1', 5);
    const [plus] = type(button, '+', 5, false);
    vi.advanceTimersByTime(TYPE_HANDOVER_MS * 2);
    expect(h.onScan).not.toHaveBeenCalled();
    expect(h.onType).not.toHaveBeenCalled();
    expect(plus!.defaultPrevented).toBe(false);
    h.off();
  });

  it('in a quantity field only a fast burst is a scan, and the quantity gets its value back', () => {
    const h = setup();
    qty.value = '2';
    type(qty, '12', 150); // a person typing a quantity, then Enter
    expect(h.onScan).not.toHaveBeenCalled();
    type(qty, '6161100000017', 6);
    expect(h.onScan).toHaveBeenCalledWith('6161100000017');
    expect(h.onRestore).toHaveBeenCalledWith(qty, '2');
    h.off();
  });

  it('a slow scanner into a quantity: a code no quantity is that long is a scan, at any pace', () => {
    const h = setup();
    qty.value = '2';
    // a Bluetooth scanner sending a key every 55 ms, capitals with their Shift
    type(qty, '6161100000017', 55);
    expect(h.onScan).toHaveBeenCalledWith('6161100000017');
    expect(h.onRestore).toHaveBeenCalledWith(qty, '2');
    h.onScan.mockClear();
    const keys = type(qty, 'AB', 55, false);
    keys.push(new KeyboardEvent('keydown', { key: 'Shift' }));
    qty.dispatchEvent(keys.at(-1)!);
    const events = type(qty, 'C12345', 55);
    expect(h.onScan).toHaveBeenCalledWith('ABC12345');
    expect(events.at(-1)!.defaultPrevented).toBe(true);
    h.off();
  });

  it('a short run, one broken by a pause, or one in a cost field is typed, never a scan', () => {
    const h = setup();
    type(qty, '1'.repeat(MIN_SLOW_SCAN - 1), 55); // seven digits: a quantity (MAX_SALE_QUANTITY)
    type(qty, '1234', 55, false);
    clock += 400; // a pause: the digits after it start afresh
    type(qty, '5678', 55);
    type(qty, '1.5000000', 55); // a point: a quantity's, never a code's
    type(cost, '12345678', 55); // a cost of 123,456.78
    expect(h.onScan).not.toHaveBeenCalled();
    expect(h.onRestore).not.toHaveBeenCalled();
    h.off();
  });

  it('an uneven scanner (its first keys slow, the rest a burst) into a quantity: the whole code is the scan', () => {
    const h = setup();
    qty.value = '2';
    type(qty, '61', 90, false);
    type(qty, '61100000017', 5);
    expect(h.onScan).toHaveBeenCalledWith('6161100000017');
    expect(h.onRestore).toHaveBeenCalledWith(qty, '2');
    h.off();
  });

  it("a person's digit, a pause, then a slow scan: the scan is the code alone", () => {
    const h = setup();
    qty.value = '';
    type(qty, '3', 400, false);
    qty.value = '3';
    clock += 600;
    type(qty, '6161100000017', 50);
    expect(h.onScan).toHaveBeenCalledWith('6161100000017');
    expect(h.onRestore).toHaveBeenCalledWith(qty, '3');
    h.off();
  });

  it('keys typed in a quantity are not the start of a scan on a button after it', () => {
    const h = setup();
    qty.value = '2';
    type(qty, '6', 150, false); // a person types a quantity, then Tab to a button
    const events = type(button, '6161100000017', 6);
    expect(h.onScan).toHaveBeenCalledWith('6161100000017');
    expect(events.at(-1)!.defaultPrevented).toBe(true); // the Enter does not press the button
    expect(h.onRestore).not.toHaveBeenCalled();
    h.off();
  });

  it("a key's time is the event's, not when it is handled: a burst handled late is still a scan", () => {
    const onScan = vi.fn();
    const onRestore = vi.fn();
    // no clock given: the scanner reads each key's own time
    const s = createScanner({ onScan, onType: vi.fn(), onRestore });
    qty.value = '2';
    // sent 5 ms apart by the scanner, each handled 60 ms after the last (a slow till renders)
    let handled = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (handled += 60));
    qty.addEventListener('keydown', s.listener);
    for (const [i, key] of [...'6161100000017', 'Enter'].entries()) {
      const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      Object.defineProperty(e, 'timeStamp', { value: 1_000 + i * 5 });
      qty.dispatchEvent(e);
    }
    qty.removeEventListener('keydown', s.listener);
    expect(onScan).toHaveBeenCalledWith('6161100000017');
    expect(onRestore).toHaveBeenCalledWith(qty, '2');
  });
});
