/**
 * An open count is ready for the scanner as soon as it is opened (Continue counting, or a count
 * just started): the scan box has the focus, F2 brings it back from anywhere on the page (not from
 * behind the finalise dialog), and a code and Enter in it finds the product to count.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StockCount } from '@duka/domain';
import { stubFonts } from '../../test/history-fixtures';
import { SHOP } from '../../test/locations';
import { makeSession, renderApp } from '../../test/render';
import { openCount } from '../../test/stock-counts';
import { StockTakingPage } from './stock-taking-page';
import { product } from '../../test/products';
import { KEYS_REST_MS } from '../../lib/use-scanner';

const COUNT_ID = '0190b1a0-0000-7000-8000-0000000000c7';
const SUGAR = product({ id: '0190b1a0-0000-7000-8000-0000000000a1', barcodes: ['6001234567890'] });
const RICE = product({
  id: '0190b1a0-0000-7000-8000-0000000000a2',
  name: 'Rice 2 kg',
  code: 'RICE2',
  barcodes: ['6001234567891'],
});
const SALT = product({
  id: '0190b1a0-0000-7000-8000-0000000000a3',
  name: 'Salt 500 g',
  code: 'SALT5',
  barcodes: ['6001234567892'],
});
const PRODUCTS = [SUGAR, RICE, SALT];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * One count at the main shop, nothing counted yet: listed as open, or (not `listed`) the count
 * started there.
 */
function countServer({
  listed = true,
  status = 'open',
}: { listed?: boolean; status?: StockCount['status'] } = {}) {
  const count: StockCount = { ...openCount(COUNT_ID), status };
  const posted: { url: string; body: Record<string, unknown> }[] = [];
  const searched: string[] = [];
  // answers held back until the test lets them go: the entries sent, and lookups by their code
  const hold: { post: Promise<void> | null; lookups: Map<string, Promise<void>>; refuse: unknown } = {
    post: null,
    lookups: new Map(),
    refuse: null,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') !== 'GET') {
        posted.push({
          url,
          body: JSON.parse(typeof init.body === 'string' ? init.body : '{}') as Record<string, unknown>,
        });
        if (hold.refuse) return Promise.resolve(json(hold.refuse, 422));
        return (hold.post ?? Promise.resolve()).then(() => json(count, 201));
      }
      if (url === '/api/locations') return Promise.resolve(json([SHOP]));
      if (url === '/api/stock-counts?status=open')
        return Promise.resolve(json(listed ? [{ ...count, products_counted: 0, entries: 0 }] : []));
      if (url.startsWith(`/api/stock-counts/${COUNT_ID}`)) return Promise.resolve(json(count));
      if (url.startsWith('/api/products?')) {
        const q = new URLSearchParams(url.split('?')[1]).get('q') ?? '';
        searched.push(q);
        const found = PRODUCTS.filter((p) => q === p.code || p.barcodes.includes(q));
        return (hold.lookups.get(q) ?? Promise.resolve()).then(() => json(found));
      }
      return Promise.resolve(json([]));
    }),
  );
  return { posted, hold, searched };
}

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const shut = new Promise<void>((resolve) => (open = resolve));
  return { shut, open };
}

/** The stock-taking page, and the open count continued from its list. */
async function continueCount() {
  const server = countServer();
  const user = userEvent.setup();
  await renderApp(<StockTakingPage />, { session: makeSession({ role: 'admin' }) });
  await user.click(await screen.findByRole('button', { name: 'Continue counting' }));
  const search = await screen.findByRole('textbox', { name: /Scan or search products \(F2\)/ });
  return { user, search, server };
}

/** The open count continued, Sugar scanned into the box: its counted quantity waits, focused. */
async function sugarWaiting() {
  const counting = await continueCount();
  await waitFor(() => expect(counting.search).toHaveFocus());
  await counting.user.keyboard('6001234567890{Enter}');
  const qty = await screen.findByRole('textbox', { name: 'Counted quantity' });
  await waitFor(() => expect(qty).toHaveFocus());
  return { ...counting, qty };
}

/**
 * A scanner, a second after the last key a person typed: the code's keys and Enter in one burst
 * (every key of it has the same time: jsdom renders the page again after each key a field takes,
 * which takes longer than a scanner's gap between two keys, and gives keys the time it handles them).
 */
async function scan(code: string, { enter = true } = {}) {
  const clock = vi
    .spyOn(Event.prototype, 'timeStamp', 'get')
    .mockReturnValue(new Event('key').timeStamp + 1000);
  try {
    await userEvent.setup({ delay: null }).keyboard(`${code}${enter ? '{Enter}' : ''}`);
  } finally {
    clock.mockRestore();
  }
}

beforeAll(stubFonts);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an open count is ready for the scanner', () => {
  it('continued: the scan box has the focus, and F2 from the page brings it back', async () => {
    const { user, search } = await continueCount();
    await waitFor(() => expect(search).toHaveFocus());
    search.blur();
    expect(document.body).toHaveFocus();
    await user.keyboard('{F2}');
    expect(search).toHaveFocus();
  });

  it('just started: the scan box has the focus', async () => {
    countServer({ listed: false });
    const user = userEvent.setup();
    await renderApp(<StockTakingPage />, { session: makeSession({ role: 'admin' }) });
    const start = await screen.findByRole('button', { name: 'Start count' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    const search = await screen.findByRole('textbox', { name: /Scan or search products \(F2\)/ });
    await waitFor(() => expect(search).toHaveFocus());
  });

  it('a scan into the focused box finds the product; F2 from its quantity goes back to the box', async () => {
    const { user, search, qty } = await sugarWaiting();
    await user.keyboard('{F2}');
    expect(search).toHaveFocus();
    expect(qty).toHaveValue('1');
  });

  it('a match typed into the box shows no figure on record: counters count blind (ADR 4)', async () => {
    const { user, search } = await continueCount();
    await waitFor(() => expect(search).toHaveFocus());
    await user.type(search, 'RICE2');
    const option = await screen.findByRole('option', { name: /Rice 2 kg/ });
    expect(option).toHaveTextContent('RICE2');
    // the fixture holds 5 of it: neither the location's figure nor the business's shows
    expect(option.textContent).not.toMatch(/\d+\s*(each|units?)|\b5\b/);
  });

  it('F2 does nothing while the finalise dialog is open', async () => {
    const { user, search } = await continueCount();
    await waitFor(() => expect(search).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Finalise count' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalise count' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    cancel.focus();
    await user.keyboard('{F2}');
    expect(cancel).toHaveFocus();
    expect(search).not.toHaveFocus();
  });

  it('a scan with the focus on the page finds the product to count', async () => {
    const { search } = await continueCount();
    await waitFor(() => expect(search).toHaveFocus());
    search.blur();
    await scan('6001234567890');
    const qty = await screen.findByRole('textbox', { name: 'Counted quantity' });
    await waitFor(() => expect(qty).toHaveFocus());
    expect(screen.getByText('Sugar 1 kg')).toBeInTheDocument();
  });

  it('a scan into the counted quantity counts the product waiting with it as it was, then the next', async () => {
    const { user, server } = await sugarWaiting();
    await user.keyboard('{Backspace}7');
    await scan('6001234567890');
    // Sugar counted 7 (not 76001234567890), and Sugar found again for the next entry
    await waitFor(() => expect(server.posted).toHaveLength(1));
    expect(server.posted[0]!.url).toBe(`/api/stock-counts/${COUNT_ID}/entries`);
    expect(server.posted[0]!.body).toMatchObject({ product_id: SUGAR.id, quantity: 7000 });
    const next = await screen.findByRole('textbox', { name: 'Counted quantity' });
    await waitFor(() => expect(next).toHaveValue('1'));
    await waitFor(() => expect(next).toHaveFocus());
  });

  it('a scan while the quantity waiting does not read counts nothing: the quantity is to fix first', async () => {
    const { user, server, qty } = await sugarWaiting();
    await user.keyboard('{Backspace}x');
    await scan('6001234567890');
    expect(
      await screen.findByText(
        'Enter the quantity counted (0 for none, below zero to correct an entry), at most 3 decimals',
      ),
    ).toBeInTheDocument();
    expect(qty).toHaveValue('x');
    expect(server.posted).toEqual([]);
  });

  it('a scan while an entry is on its way waits for it, then the product scanned waits', async () => {
    const { user, server } = await sugarWaiting();
    const post = gate();
    server.hold.post = post.shut;
    await user.keyboard('{Enter}'); // Sugar × 1 sent; its answer held back
    await waitFor(() => expect(server.posted).toHaveLength(1));
    await scan(RICE.barcodes[0]!);
    post.open();
    // Sugar counted once, then Rice waits (before, the scan was dropped without a word)
    expect(await screen.findByText('Rice 2 kg')).toBeInTheDocument();
    expect(server.posted.map((p) => p.body.product_id)).toEqual([SUGAR.id]);
  });

  it('two scans whose lookups answer out of order are both counted, in the order scanned', async () => {
    const { server } = await sugarWaiting();
    const rice = gate();
    server.hold.lookups.set(RICE.barcodes[0]!, rice.shut);
    await scan(RICE.barcodes[0]!); // Rice's lookup held back
    await scan(SALT.barcodes[0]!); // Salt's answers first, and waits for Rice's
    await waitFor(() => expect(server.searched).toContain(SALT.barcodes[0]));
    await new Promise((r) => setTimeout(r, KEYS_REST_MS * 2));
    expect(screen.queryByText('Salt 500 g')).not.toBeInTheDocument();
    rice.open();
    expect(await screen.findByText('Salt 500 g')).toBeInTheDocument();
    // Sugar counted when Rice came, Rice when Salt came; Salt waits: none replaced another uncounted
    await waitFor(() => expect(server.posted.map((p) => p.body.product_id)).toEqual([SUGAR.id, RICE.id]));
    expect(screen.queryByText('Rice 2 kg')).not.toBeInTheDocument();
  });

  it('a product picked in the box while another waits counts the one waiting first', async () => {
    const { user, search, server } = await sugarWaiting();
    await user.keyboard('{Backspace}2{F2}');
    expect(search).toHaveFocus();
    await user.keyboard('RICE2{Enter}');
    expect(await screen.findByText('Rice 2 kg')).toBeInTheDocument();
    expect(server.posted.map((p) => p.body)).toEqual([
      expect.objectContaining({ product_id: SUGAR.id, quantity: 2000 }),
    ]);
  });

  it("a scan's answer that comes while the next scan is being read waits for it: no code is a quantity", async () => {
    const { server } = await sugarWaiting();
    const rice = gate();
    server.hold.lookups.set(RICE.barcodes[0]!, rice.shut);
    await scan(RICE.barcodes[0]!); // into Sugar's quantity; Rice's answer held back
    const salt = SALT.barcodes[0]!;
    const clock = vi
      .spyOn(Event.prototype, 'timeStamp', 'get')
      .mockReturnValue(new Event('key').timeStamp + 1000);
    const scanner = userEvent.setup({ delay: null });
    await scanner.keyboard(salt.slice(0, 6)); // Salt half read when Rice's answer comes
    rice.open();
    await new Promise((r) => setTimeout(r, 0));
    await scanner.keyboard(`${salt.slice(6)}{Enter}`);
    clock.mockRestore();
    expect(await screen.findByText('Salt 500 g')).toBeInTheDocument();
    await waitFor(() => expect(server.posted).toHaveLength(2));
    expect(server.posted.map((p) => [p.body.product_id, p.body.quantity])).toEqual([
      [SUGAR.id, 1000],
      [RICE.id, 1000],
    ]);
  });

  it("a correction that would take the product's count below zero is refused in words of its own", async () => {
    const { user, server, qty } = await sugarWaiting();
    server.hold.refuse = {
      error: { code: 'count_below_zero', message: 'A count cannot go below zero', field: 'quantity' },
    };
    await user.keyboard('{Backspace}-5{Enter}');
    expect(
      await screen.findByText(
        "This would take the product's count below zero: a number below zero only corrects what was counted of it before.",
      ),
    ).toBeInTheDocument();
    expect(qty).toHaveValue('-5');
  });

  it('a count cancelled elsewhere meanwhile says so, and offers nothing to scan into', async () => {
    countServer({ status: 'cancelled' });
    const user = userEvent.setup();
    await renderApp(<StockTakingPage />, { session: makeSession({ role: 'admin' }) });
    await user.click(await screen.findByRole('button', { name: 'Continue counting' }));
    expect(await screen.findByTestId('count-closed')).toHaveTextContent(
      'This count was cancelled: nothing more can be counted in it.',
    );
    expect(screen.queryByRole('textbox', { name: /Scan or search products/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finalise count' })).not.toBeInTheDocument();
  });
});
