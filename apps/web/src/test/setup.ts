import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { mediaQueryList } from './media';

// findBy*/waitFor wait up to 5 s rather than 1: a whole layout rendered in jsdom took longer than a
// second on a loaded machine (the suites run beside the server suites), and failed while correct.
configure({ asyncUtilTimeout: 5000 });

// Mantine needs these browser APIs that jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => mediaQueryList(query, false)),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.scrollTo = vi.fn();
Element.prototype.scrollIntoView = vi.fn();
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => getComputedStyle(elt);

afterEach(() => {
  cleanup();
  // a toast from one test is not on screen in the next (notify.ts's growing notices ask)
  notifications.clean();
  localStorage.clear();
  document.cookie = 'duka_prefs=; path=/; max-age=0';
});
