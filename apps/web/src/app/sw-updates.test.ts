import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ON_ITS_WAY_KEY } from '../features/till/sale-outcome';
import {
  SAFE_CHECK_MS,
  SALE_ON_ITS_WAY_KEY,
  UPDATE_EVERY_MS,
  safeToReload,
  watchUpdates,
} from './sw-updates';

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('safeToReload', () => {
  it('reads the till’s own trace of a sale on its way', () => {
    expect(SALE_ON_ITS_WAY_KEY).toBe(ON_ITS_WAY_KEY);
  });

  it('is safe on a quiet page; not while a sale travels, a dialog is open or a field being typed in has text', () => {
    expect(safeToReload()).toBe(true);

    localStorage.setItem(SALE_ON_ITS_WAY_KEY, '{}');
    expect(safeToReload()).toBe(false);
    localStorage.clear();

    document.body.innerHTML = '<div role="dialog" aria-label="Pay · Cash sale"></div>';
    expect(safeToReload()).toBe(false);
    document.body.innerHTML = '';

    document.body.innerHTML = '<input id="f" />';
    const field = document.getElementById('f') as HTMLInputElement;
    field.focus();
    expect(safeToReload()).toBe(true);
    field.value = '6199';
    expect(safeToReload()).toBe(false);
    field.blur();
    expect(safeToReload()).toBe(true);
  });
});

/** A registration and a service worker container of the browser, driven by the test. */
function fakeWorkers() {
  const container = new EventTarget() as EventTarget & { controller: object | null };
  container.controller = {};
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  const waiting = { postMessage: vi.fn(), state: 'installed' };
  const reg = Object.assign(new EventTarget(), {
    waiting: null as typeof waiting | null,
    installing: null,
    update: vi.fn(() => Promise.resolve()),
  });
  return { container, reg, waiting, registration: reg as unknown as ServiceWorkerRegistration };
}

describe('watchUpdates', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for a new build hourly and when the page is shown again', () => {
    const { reg, registration } = fakeWorkers();
    const stop = watchUpdates(registration, { reload: vi.fn() });
    expect(reg.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(UPDATE_EVERY_MS);
    expect(reg.update).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(reg.update).toHaveBeenCalledTimes(2);
    stop();
  });

  it('a worker waiting at start takes over at once, and the page reloads once when it has', () => {
    const { container, reg, waiting, registration } = fakeWorkers();
    reg.waiting = waiting;
    const reload = vi.fn();
    const stop = watchUpdates(registration, { reload });
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    vi.advanceTimersByTime(SAFE_CHECK_MS * 3);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(waiting.postMessage).toHaveBeenCalledTimes(1);
    stop();
  });

  it('waits for a safe moment: nothing while a sale travels or a dialog is open', () => {
    const { container, reg, waiting, registration } = fakeWorkers();
    reg.waiting = waiting;
    let safe = false;
    const reload = vi.fn();
    const stop = watchUpdates(registration, { reload, safe: () => safe });
    vi.advanceTimersByTime(SAFE_CHECK_MS * 5);
    expect(waiting.postMessage).not.toHaveBeenCalled();
    safe = true;
    vi.advanceTimersByTime(SAFE_CHECK_MS);
    expect(waiting.postMessage).toHaveBeenCalledTimes(1);
    // another tab's update took over this page while a sale travels: the reload waits too
    safe = false;
    container.dispatchEvent(new Event('controllerchange'));
    vi.advanceTimersByTime(SAFE_CHECK_MS * 5);
    expect(reload).not.toHaveBeenCalled();
    safe = true;
    vi.advanceTimersByTime(SAFE_CHECK_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });
});
