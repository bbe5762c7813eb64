import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetConnection } from '../../lib/connection';
import { recordEarlyKeys, takeEarlyKeys } from '../../lib/start-frame';
import { makeSession, renderApp } from '../../test/render';
import { product } from '../../test/products';
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
function server(
  onSale: (body: Record<string, unknown>) => Response | Promise<Response>,
  seen: string[] = [],
) {
  const posted: Record<string, unknown>[] = [];
  /** The drafts the till saved on the server, by id (PUT /api/work-drafts/:id). */
  drafts.clear();
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (url.startsWith('/api/locations'))
      return Promise.resolve(json([{ id: LOC, name: 'Main shop', active: true, home_here: true }]));
    if (url.startsWith('/api/products')) return Promise.resolve(json(url.includes('q=') ? [sugar] : []));
    if (url === '/api/work-drafts') return Promise.resolve(json([]));
    if (url.startsWith('/api/work-drafts/') && init?.method === 'PUT') {
      seen.push('save');
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

afterEach(() => {
  vi.unstubAllGlobals();
  resetConnection('online'); // a test that went offline leaves the next one online
});

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

  it("adds the codes scanned into the till's frame while it opened, then carries on the typing", async () => {
    server(() => json({}, 500));
    recordEarlyKeys(window);
    typeOnPage('6161100000017');
    typeOnPage('6161100000017');
    fireEvent.keyDown(document.body, { key: 's' });
    fireEvent.keyDown(document.body, { key: 'u' });
    await renderApp(<TillPage kind="cash" />, { session: session() });
    expect(await screen.findByRole('group', { name: 'Sugar 1 kg' })).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Quantity of Sugar 1 kg')).toHaveValue('2'));
    await waitFor(() => expect(screen.getByTestId('till-search')).toHaveValue('su'));
    // taken once: the till opened again adds nothing more
    expect(takeEarlyKeys()).toEqual({ scans: [], rest: '' });
    // the cart is kept on the server after its pause (not left to save during the next test)
    await waitFor(() =>
      expect(
        ([...drafts.values()].at(-1)?.body as { lines?: { qty: string }[] } | undefined)?.lines?.[0]?.qty,
      ).toBe('2'),
    );
  });

  it('a save waiting for its pause does not follow the sale; a refused sale saves its cart again', async () => {
    const seen: string[] = [];
    server(async () => {
      seen.push('sale sent');
      await new Promise((r) => setTimeout(r, 700)); // longer than the saves' pause
      seen.push('sale answered');
      return json({ error: { code: 'tendered_too_low', message: 'low', field: 'tendered' } }, 422);
    }, seen);
    await renderApp(<TillPage kind="cash" />, { session: session() });
    await screen.findByTestId('till-cart-title');
    typeOnPage('SUG1');
    await screen.findByRole('group', { name: 'Sugar 1 kg' });
    // one more, and paid at once: the cart's save still waits for its pause
    const before = seen.length;
    fireEvent.keyDown(document.body, { key: '+' });
    expect(screen.getByLabelText('Quantity of Sugar 1 kg')).toHaveValue('2');
    fireEvent.keyDown(window, { key: 'F9' });
    const panel = screen.getByRole('dialog', { name: /Pay · Cash sale/ });
    fireEvent.click(within(panel).getByRole('button', { name: /Complete sale/ }));
    await waitFor(() => expect(seen).toContain('sale answered'), { timeout: 3000 });
    await waitFor(() => expect(seen.at(-1)).toBe('save'), { timeout: 3000 });
    // nothing saved from the "+" until the sale's answer; the refused sale's cart saved after it
    expect(seen.slice(before, seen.indexOf('sale answered') + 1)).toEqual(['sale sent', 'sale answered']);
  });

  it('the amount tendered, opened again after a Cancel, is selected: what is typed replaces it', async () => {
    server(() => json({}));
    await renderApp(<TillPage kind="cash" />, { session: session() });
    await screen.findByTestId('till-cart-title');
    typeOnPage('SUG1');
    await screen.findByRole('group', { name: 'Sugar 1 kg' });
    fireEvent.keyDown(window, { key: 'F9' });
    let panel = await screen.findByRole('dialog', { name: /Pay · Cash sale/ });
    fireEvent.change(within(panel).getByLabelText('Amount tendered'), { target: { value: '500' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Pay · Cash sale/ })).toBeNull());
    fireEvent.keyDown(window, { key: 'F9' });
    panel = await screen.findByRole('dialog', { name: /Pay · Cash sale/ });
    const field = within(panel).getByLabelText<HTMLInputElement>('Amount tendered');
    fireEvent.focus(field);
    expect(field.value).toBe('500');
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 3]);
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

  it("takes the focus for the search after the till's first frame, never from a field reached first", async () => {
    server(() => json({}, 500));
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    try {
      await renderApp(<TillPage kind="cash" />, { session: session() });
      const search = await screen.findByTestId('till-search');
      // mounted, no frame drawn yet: focusing now would lay the whole page out inside the commit
      expect(search).not.toHaveFocus();
      const reachedFirst = document.body.appendChild(document.createElement('input'));
      reachedFirst.focus();
      await act(async () => {
        for (const frame of frames.splice(0)) frame(performance.now());
        await new Promise((r) => setTimeout(r, 20));
      });
      expect(reachedFirst).toHaveFocus();
      expect(search).not.toHaveFocus();
      reachedFirst.remove();
    } finally {
      raf.mockRestore();
    }
  });

  it('opens with the search focused; + and − typed in the empty search step the line just scanned', async () => {
    server(() => json({}, 500));
    await renderApp(<TillPage kind="cash" />, { session: session() });
    const search = await screen.findByTestId('till-search');
    await waitFor(() => expect(search).toHaveFocus());
    fireEvent.change(search, { target: { value: '6161100000017' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await screen.findByRole('group', { name: 'Sugar 1 kg' });
    expect(search).toHaveValue('');
    const plus = fireEvent.keyDown(search, { key: '+' });
    expect(plus).toBe(false); // the key was taken: no "+" in the search
    await waitFor(() => expect(screen.getByLabelText('Quantity of Sugar 1 kg')).toHaveValue('2'));
    fireEvent.keyDown(search, { key: '-' });
    await waitFor(() => expect(screen.getByLabelText('Quantity of Sugar 1 kg')).toHaveValue('1'));
    // with text in the search, + is just a character of it
    fireEvent.change(search, { target: { value: 'a' } });
    expect(fireEvent.keyDown(search, { key: '+' })).toBe(true);
  });

  it('a sale with no answer says it may be recorded, keeps the cart, and Enter sends the same sale again', async () => {
    let up = false;
    const posted = server(() =>
      json({ error: { code: 'tendered_too_low', message: 'x', field: 'tendered' } }, 422),
    );
    const answer = vi.mocked(fetch).getMockImplementation()!;
    const unanswered: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url !== '/api/sales' || up) return answer(url, init);
        unanswered.push((JSON.parse(init!.body as string) as { id: string }).id);
        return Promise.reject(new TypeError('Failed to fetch'));
      }),
    );
    await renderApp(<TillPage kind="cash" />, { session: session() });
    await screen.findByTestId('till-cart-title');
    typeOnPage('SUG1');
    await screen.findByRole('group', { name: 'Sugar 1 kg' });
    fireEvent.keyDown(window, { key: 'F9' });
    const panel = await screen.findByRole('dialog', { name: /Pay · Cash sale/ });
    fireEvent.click(within(panel).getByRole('button', { name: /Complete sale/ }));
    const alert = await within(panel).findByTestId('sale-alert', undefined, { timeout: 5_000 });
    expect(alert).toHaveTextContent('No answer from the server: the sale may already be recorded.');
    expect(screen.getByRole('group', { name: 'Sugar 1 kg' })).toBeInTheDocument();
    up = true;
    fireEvent.click(within(panel).getByRole('button', { name: /Try again/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.lines).toEqual([{ product_id: sugar.id, quantity: 1000, discount: 0 }]);
    expect(unanswered).toHaveLength(3); // the client's own tries
    expect(new Set([...unanswered, posted[0]!.id]).size).toBe(1);
  });
});
