import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import { product } from '../../test/products';
import { TillPage } from './till-page';

const LOC = '0190b1a0-0000-7000-8000-0000000000a1';
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

/** A product's picture on its till tile (issue 16): small, fixed, lazy; nothing when it has none. */
describe('till tiles', () => {
  it('show the picture of a product that has one, and none for one without', async () => {
    const levels = [{ location_id: LOC, quantity: 9000 }];
    const withImage = product({ id: 'p1', code: 'SOAP1', name: 'Soap', image: 'soap.webp', levels });
    const without = product({ id: 'p2', code: 'SALT1', name: 'Salt', levels });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url.startsWith('/api/locations'))
          return Promise.resolve(json([{ id: LOC, name: 'Main shop', active: true, home_here: true }]));
        if (url.startsWith('/api/products')) return Promise.resolve(json([withImage, without]));
        return Promise.resolve(json([]));
      }),
    );
    const s = makeSession({ flags: ['sell_cash'] });
    await renderApp(<TillPage kind="cash" />, {
      session: { ...s, user: { ...s.user, home_location_id: LOC, location_ids: [LOC] } },
    });
    const img = within(await screen.findByTestId('tile-SOAP1')).getByTestId('tile-image');
    expect(img).toHaveAttribute('src', '/api/files/soap.webp');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '40');
    expect(img).toHaveAttribute('height', '40');
    expect(within(screen.getByTestId('tile-SALT1')).queryByTestId('tile-image')).toBeNull();
  });
});
