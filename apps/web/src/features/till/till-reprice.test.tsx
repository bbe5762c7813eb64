import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import { product } from '../../test/products';
import { TillPage } from './till-page';

const LOC = '0190b1a0-0000-7000-8000-0000000000a1';
const sugar = product({
  id: '0190b1a0-0000-7000-8000-0000000000c1',
  levels: [{ location_id: LOC, quantity: 9000 }],
});

function session() {
  const s = makeSession({ flags: ['sell_cash'] });
  return { ...s, user: { ...s.user, home_location_id: LOC, location_ids: [LOC] } };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('the till when prices changed and the new ones cannot be fetched', () => {
  it('says so, with the reason, instead of claiming the cart shows the new prices; the cause is logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url.startsWith('/api/locations'))
          return Promise.resolve(json([{ id: LOC, name: 'Main shop', active: true, home_here: true }]));
        if (url === '/api/sales' && init?.method === 'POST')
          return Promise.resolve(
            json(
              { error: { code: 'price_changed', message: 'Prices changed', field: 'expected_total' } },
              409,
            ),
          );
        // The product by id (the re-price) is refused: the session ended meanwhile.
        if (url === `/api/products/${sugar.id}`)
          return Promise.resolve(json({ error: { code: 'forbidden', message: 'No' } }, 403));
        if (url.startsWith('/api/products')) return Promise.resolve(json(url.includes('q=') ? [sugar] : []));
        return Promise.resolve(json({ error: { code: 'not_found', message: 'no' } }, 404));
      }),
    );
    await renderApp(<TillPage kind="cash" />, { session: session(), lng: 'es' });
    await screen.findByTestId('till-cart-title');
    for (const key of [...'SUG1', 'Enter']) fireEvent.keyDown(document.body, { key });
    await screen.findByRole('group', { name: 'Sugar 1 kg' });
    fireEvent.keyDown(window, { key: 'F9' });
    const panel = await screen.findByRole('dialog');
    fireEvent.click(within(panel).getByRole('button', { name: /Completar venta/ }));
    expect(
      await screen.findByText(
        'Los precios cambiaron y no se pudieron obtener los nuevos: No tiene permiso para esto. Pregunte a su administrador. Vuelva a intentarlo; si sigue igual, quite la línea y añádala de nuevo.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/El carrito muestra ahora los nuevos precios/)).toBeNull();
    expect(logged).toHaveBeenCalledWith('Re-pricing the cart failed', expect.anything());
  });
});
