import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { Link, Route, Routes } from 'react-router';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { paintTillFrame, tillFrameShown } from '../../lib/start-frame';
import { makeSession, renderApp } from '../../test/render';
import { cartReducer, emptyCart } from './cart';
import { product } from '../../test/products';
import { CashSalePage, DebtorSalePage } from './till-page';

const LOC = '0190b1a0-0000-7000-8000-0000000000a1';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function session() {
  const s = makeSession({ flags: ['sell_cash'] });
  return { ...s, user: { ...s.user, home_location_id: LOC, location_ids: [LOC] } };
}

/**
 * Stubs the server: the shop's one location (answered when `locations` settles), the drafts as
 * `drafts` answers each read (counted from 1), and a 404 for anything else.
 */
function fakeServer(drafts: (read: number) => Promise<Response>, locations = Promise.resolve()) {
  let reads = 0;
  const fetch = vi.fn((url: string) => {
    if (url.startsWith('/api/locations'))
      return locations.then(() => json([{ id: LOC, name: 'Main shop', active: true, home_here: true }]));
    if (url === '/api/work-drafts') return drafts((reads += 1));
    return Promise.resolve(json({ error: { code: 'not_found', message: 'no' } }, 404));
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, reads: () => reads };
}

/** A screen with a link to the till, and a link home beside the routes. */
const renderWithLinks = () =>
  renderApp(
    <Suspense fallback={<p>Loading</p>}>
      <Link to="/">Home</Link>
      <Routes>
        <Route path="/" element={<Link to="/cash-sale">Make a sale</Link>} />
        <Route path="/cash-sale" element={<CashSalePage />} />
      </Routes>
    </Suspense>,
    { session: session() },
  );

/** Follows a link in an awaited act: React retries a render that suspended in a sync act only so. */
const go = (name: string) =>
  act(() => {
    fireEvent.click(screen.getByRole('link', { name }));
    return Promise.resolve();
  });

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('duka-start')?.remove();
});

describe("the till's start", () => {
  it('mounts once the locations and the drafts have arrived, at the home location, the frame up till then', async () => {
    let answerLocations = () => {};
    const answered = new Promise<void>((resolve) => (answerLocations = resolve));
    const { fetch } = fakeServer(() => Promise.resolve(json([])), answered);
    document.body.insertAdjacentHTML('afterbegin', '<div id="duka-start"><svg></svg></div>');
    paintTillFrame(document, 'Scan a barcode', { menu: 'Side', folded: false, size: 'lg' });

    await renderApp(<CashSalePage />, { session: session() });
    await waitFor(() => expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/work-drafts'));
    // the drafts are in, the locations not yet: no till, and the frame stays
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('till-cart-title')).not.toBeInTheDocument();
    expect(tillFrameShown(document)).toBe(true);

    answerLocations();
    // its first render already sells at the user's home location, and the frame has gone
    expect(await screen.findByTestId('till-cart-title')).toHaveTextContent('Cash sale · Main shop');
    expect(document.getElementById('duka-start')).toBeNull();
  });

  it('at start, made once its data has arrived, reads the drafts once', async () => {
    const { reads } = fakeServer(() => Promise.resolve(json([])));
    document.body.insertAdjacentHTML('afterbegin', '<div id="duka-start"><svg></svg></div>');
    paintTillFrame(document, 'Scan a barcode', { menu: 'Side', folded: false, size: 'lg' });
    await renderApp(<CashSalePage />, { session: session() });
    expect(await screen.findByTestId('till-cart-title')).toHaveTextContent('Cash sale · Main shop');
    await new Promise((r) => setTimeout(r, 50));
    expect(reads()).toBe(1);
  });

  it('on a navigation, keeps the screen being left until the till can show', async () => {
    let answerDrafts = () => {};
    const answered = new Promise<void>((resolve) => (answerDrafts = resolve));
    const { fetch } = fakeServer(() => answered.then(() => json([])));

    await renderWithLinks();
    await go('Make a sale');
    await waitFor(() => expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/work-drafts'));
    // the drafts are on their way: the screen being left stays, not an empty one or a fallback
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('link', { name: 'Make a sale' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();

    answerDrafts();
    expect(await screen.findByTestId('till-cart-title')).toHaveTextContent('Cash sale · Main shop');
    expect(screen.queryByRole('link', { name: 'Make a sale' })).not.toBeInTheDocument();
  });

  it('reads the drafts afresh each time it opens, even when it was left a moment ago', async () => {
    const parkedId = '0190b1a0-0000-7000-8000-0000000000c1';
    fakeServer((read) => {
      if (read === 1) return Promise.resolve(json([]));
      // from the second opening on, a sale parked meanwhile (on another till), a moment on the
      // way, as over a network
      const parked = { id: parkedId, kind: 'parked', slot: '', name: 'Mama', body: emptyCart(parkedId, LOC) };
      const answer = json([{ ...parked, updated_at: new Date().toISOString() }]);
      return new Promise<Response>((resolve) => setTimeout(() => resolve(answer), 300));
    });
    await renderWithLinks();
    await go('Make a sale');
    expect(await screen.findByTestId('till-parked')).not.toHaveTextContent('1');
    await go('Home');
    await go('Make a sale');
    await waitFor(() => expect(screen.getByTestId('till-parked')).toHaveTextContent('1'));
  });

  it("lists a cart open on another till of the user's as parked, saying so, beside this till's own", async () => {
    const mine = '0190b1a0-0000-7000-8000-0000000000c2';
    const theirs = '0190b1a0-0000-7000-8000-0000000000c3';
    const sugar = product({ id: '0190b1a0-0000-7000-8000-0000000000e2' });
    const at = new Date().toISOString();
    const withLine = (id: string) => cartReducer(emptyCart(id, LOC), { type: 'add', product: sugar });
    fakeServer(() =>
      Promise.resolve(
        json([
          { id: mine, kind: 'cart', slot: '', name: '', body: withLine(mine), updated_at: at },
          {
            id: theirs,
            kind: 'parked',
            slot: '',
            name: '',
            body: withLine(theirs),
            updated_at: at,
            elsewhere: true,
          },
        ]),
      ),
    );
    await renderWithLinks();
    await go('Make a sale');
    await waitFor(() => expect(screen.getByTestId('till-parked')).toHaveTextContent('1'));
    fireEvent.click(screen.getByTestId('till-parked'));
    expect(await screen.findByText('Open on another till')).toBeInTheDocument();
    expect(screen.queryByText('Unnamed sale')).not.toBeInTheDocument();
  });

  it('switched to another kind of sale, brings the cart along (its drafts read afresh)', async () => {
    const cartId = '0190b1a0-0000-7000-8000-0000000000d1';
    const sugar = product({
      id: '0190b1a0-0000-7000-8000-0000000000e1',
      levels: [{ location_id: LOC, quantity: 9000 }],
    });
    let onServer: unknown[] = [];
    const { reads } = fakeServer(() => Promise.resolve(json(onServer)));
    const s = makeSession({ flags: ['sell_cash', 'sell_debtors'] });
    const { qc } = await renderApp(
      <Routes>
        <Route path="/cash-sale" element={<CashSalePage />} />
        <Route path="/debtor-sale" element={<DebtorSalePage />} />
      </Routes>,
      {
        session: { ...s, user: { ...s.user, home_location_id: LOC, location_ids: [LOC] } },
        route: '/cash-sale',
      },
    );
    expect(await screen.findByTestId('till-cart-title')).toHaveTextContent('Cash sale');
    // as the app's queries are (app/providers.tsx): fresh for 30 s
    qc.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 } });
    // the cart the cashier rang up, saved on the server (as the till saves it after a pause)
    const cart = cartReducer(emptyCart(cartId, LOC), { type: 'add', product: sugar });
    onServer = [
      { id: cartId, kind: 'cart', slot: '', name: '', body: cart, updated_at: new Date().toISOString() },
    ];

    await act(() => {
      fireEvent.click(screen.getByTestId('till-kind-debtor'));
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('till-cart-title')).toHaveTextContent('Debtor sale'));
    expect(await screen.findByRole('group', { name: sugar.name })).toBeInTheDocument();
    // read once per opening: while the till waits, not again as it mounts
    await new Promise((r) => setTimeout(r, 100));
    expect(reads()).toBe(2);
  });
});
