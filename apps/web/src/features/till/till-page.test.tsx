import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import { product } from './test-fixtures';
import { TillPage } from './till-page';

const LOC = '0190b1a0-0000-7000-8000-0000000000a1';
const sugar = product({
  id: '0190b1a0-0000-7000-8000-0000000000c1',
  levels: [{ location_id: LOC, quantity: 9000 }],
});

function session() {
  const s = makeSession({ flags: ['sell_cash', 'sell_debtors'] });
  return { ...s, user: { ...s.user, home_location_id: LOC, location_ids: [LOC] } };
}

const drafts = new Map<string, Record<string, unknown>>();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake server: locations, products (the barcode answers sugar), and sales as given. */
function server(onSale: (body: Record<string, unknown>) => Response) {
  const posted: Record<string, unknown>[] = [];
  /** The drafts the till saved on the server, by id (PUT /api/work-drafts/:id). */
  drafts.clear();
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (url.startsWith('/api/locations'))
      return Promise.resolve(json([{ id: LOC, name: 'Main shop', active: true }]));
    if (url.startsWith('/api/products')) return Promise.resolve(json(url.includes('q=') ? [sugar] : []));
    if (url === '/api/work-drafts') return Promise.resolve(json([]));
    if (url.startsWith('/api/work-drafts/') && init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      drafts.set(url.slice('/api/work-drafts/'.length), body);
      return Promise.resolve(json({ id: url.slice(-36), updated_at: new Date().toISOString(), ...body }));
    }
    if (url === '/api/sales' && init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      posted.push(body);
      return Promise.resolve(onSale(body));
    }
    return Promise.resolve(json({ error: { code: 'not_found', message: 'no' } }, 404));
  });
  vi.stubGlobal('fetch', fetch);
  return posted;
}

const typeOnPage = (text: string) => {
  for (const key of [...text, 'Enter']) fireEvent.keyDown(document.body, { key });
};

afterEach(() => vi.unstubAllGlobals());

describe('the till page', () => {
  it('a scan anywhere adds the product; totals from the domain; the cart is kept on the server', async () => {
    server(() => json({}, 500));
    await renderApp(<TillPage kind="cash" />, { session: session() });
    expect(
      await screen.findByText(/Main shop/, { selector: '[data-testid="till-cart-title"]' }),
    ).toBeVisible();
    typeOnPage('6161100000017');
    expect(await screen.findByRole('group', { name: 'Sugar 1 kg' })).toBeVisible();
    typeOnPage('6161100000017');
    await waitFor(() => expect(screen.getByLabelText('Quantity of Sugar 1 kg')).toHaveValue('2'));
    expect(screen.getByTestId('till-total')).toHaveTextContent(/KES\s?360\.00/);
    await waitFor(() => expect([...drafts.values()].at(-1)?.kind).toBe('cart'));
    const [id, kept] = [...drafts.entries()].at(-1)!;
    const cart = kept.body as { id: string; lines: { qty: string }[]; location_id: string };
    await waitFor(() => expect((drafts.get(id)!.body as typeof cart).lines[0]!.qty).toBe('2'));
    expect(cart.id).toBe(id);
    expect(cart.location_id).toBe(LOC);
    expect(localStorage.getItem('duka.till.cart')).toBeNull();
  });

  it('a refused sale shows the message next to the field, and a retry keeps the same sale id', async () => {
    const posted = server(() =>
      json(
        { error: { code: 'tendered_too_low', message: 'The amount tendered is less', field: 'tendered' } },
        422,
      ),
    );
    await renderApp(<TillPage kind="cash" />, { session: session() });
    await screen.findByTestId('till-cart-title');
    typeOnPage('SUG1');
    await screen.findByRole('group', { name: 'Sugar 1 kg' });
    fireEvent.keyDown(window, { key: 'F9' });
    const panel = await screen.findByRole('dialog', { name: /Pay · Cash sale/ });
    fireEvent.click(within(panel).getByRole('button', { name: /Complete sale/ }));
    expect(await within(panel).findByText('The amount tendered is less than the total.')).toBeVisible();
    fireEvent.click(within(panel).getByRole('button', { name: /Complete sale/ }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[0]).toMatchObject({
      kind: 'cash',
      location_id: LOC,
      lines: [{ product_id: sugar.id, quantity: 1000, discount: 0 }],
      expected_total: 18000,
      tendered: 18000,
    });
    expect(posted[1]!.id).toBe(posted[0]!.id);
  });

  it('a stock count that freezes sales here is shown and blocks paying; the words follow the language', async () => {
    server(() => json({}, 500));
    const s = session();
    const frozen = { ...s, stock_taking: { open_counts: [], frozen_location_ids: [LOC] } };
    await renderApp(<TillPage kind="cash" />, { session: frozen, lng: 'de' });
    expect(await screen.findByRole('heading', { name: 'Verkaufen › Bar', level: 1 })).toBeVisible();
    expect(await screen.findByText(/In Main shop läuft eine Inventur/)).toBeVisible();
    typeOnPage('SUG1');
    await screen.findByRole('group', { name: 'Sugar 1 kg' });
    expect(screen.getByTestId('till-pay')).toBeDisabled();
    fireEvent.keyDown(window, { key: 'F9' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // sell_cash and sell_debtors: two tabs, the current one marked
    const tabs = screen.getByRole('navigation', { name: 'Verkaufsart' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Bar', 'Rechnung']);
    expect(within(tabs).getByRole('link', { name: 'Bar' })).toHaveAttribute('aria-current', 'page');
  });
});
