import { describe, expect, it, vi } from 'vitest';
import { makeSession } from '../test/render';
import { createApp } from './start-app';

describe('the app after the sign-in card (issue 21)', () => {
  it('opens at the landing screen of whoever just signed in, or at the address it is given', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('no server in this test'))),
    );
    try {
      expect(createApp({ me: makeSession({ role: 'admin' }) }).pathname).toBe('/dashboard');
      expect(createApp({ me: makeSession({ role: 'staff', flags: ['sell_cash'] }) }).pathname).toBe(
        '/cash-sale',
      );
      const setup = createApp({ pathname: '/setup' });
      expect(setup.pathname).toBe('/setup');
      // the address's screens load (or fail) before the app is shown
      await expect(setup.ready).resolves.toBeDefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
