import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import { CashSalePage } from './till-page';
import { useTillCart } from './use-till-cart';
import type * as UseTillCart from './use-till-cart';

vi.mock('./use-till-cart', async (actual) => {
  const real = await actual<typeof UseTillCart>();
  return { ...real, useTillCart: vi.fn(real.useTillCart) };
});

const LOC = '0190b1a0-0000-7000-8000-0000000000a1';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function session() {
  const s = makeSession({ flags: ['sell_cash'] });
  return { ...s, user: { ...s.user, home_location_id: LOC, location_ids: [LOC] } };
}

afterEach(() => vi.unstubAllGlobals());

/** The server: one location, one product, and the user's drafts as given. */
function serve(drafts: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('/api/locations'))
        return Promise.resolve(json([{ id: LOC, name: 'Main shop', active: true, home_here: true }]));
      if (url === '/api/work-drafts') return Promise.resolve(json(drafts));
      return Promise.resolve(json({ error: { code: 'not_found', message: 'no' } }, 404));
    }),
  );
}

/** How many times the till rendered whole (each render of it asks for its cart once). */
const tillRenders = () => vi.mocked(useTillCart).mock.calls.length;

describe("the till's renders at start (issue 21)", () => {
  it('with nothing kept for the user, renders once: not again to learn there was nothing to bring back', async () => {
    serve([]);
    vi.mocked(useTillCart).mockClear();
    await renderApp(<CashSalePage />, { session: session() });
    expect(await screen.findByTestId('till-cart-title')).toHaveTextContent('Cash sale · Main shop');
    await new Promise((r) => setTimeout(r, 100));
    expect(tillRenders()).toBe(1);
  });
});
