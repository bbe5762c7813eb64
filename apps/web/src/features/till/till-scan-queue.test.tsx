/**
 * Scans into the till's search box faster than the server answers (a busy hosted server, a slow
 * line): each code leaves the box as its Enter comes, every product is added, in the order scanned,
 * and a code that found nothing comes back into the box, selected, only once the scanning stops.
 * (The browser QA lost an item with scans 150 ms apart and answers 300 ms late: the next scan's
 * keys were added to the end of the code still being looked up.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, renderApp } from '../../test/render';
import { product } from '../../test/products';
import { LOOKUP_TIMEOUT_MS } from '../stock';
import { TillPage } from './till-page';

const LOC = '0190b1a0-0000-7000-8000-0000000000a1';
const SUGAR = product({
  id: '0190b1a0-0000-7000-8000-0000000000c1',
  levels: [{ location_id: LOC, quantity: 9000 }],
});
const MILK = product({
  id: '0190b1a0-0000-7000-8000-0000000000c2',
  name: 'Milk 1 l',
  code: 'MILK1',
  barcodes: ['6001234567892'],
  levels: [{ location_id: LOC, quantity: 9000 }],
});
const ANSWER_MS = 300;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A server whose product lookups answer ANSWER_MS late, Milk's later still when `milkLate` (never: Infinity). */
/**
 * `milkGate`: Milk's answer also waits for it, so a test decides when it comes (what a timer
 * decided on a busy machine, where the dialog's clicks took longer than the answer's 300 ms).
 */
function slowServer({ milkLate = 0, milkGate }: { milkLate?: number; milkGate?: Promise<void> } = {}) {
  const searched: string[] = [];
  /** The sales sent (each refused: only what was sent matters here). */
  const sales: { lines: { product_id: string }[] }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith('/api/locations'))
        return Promise.resolve(json([{ id: LOC, name: 'Main shop', active: true, home_here: true }]));
      if (url.startsWith('/api/products')) {
        const q = new URL(url, 'http://duka.test').searchParams.get('q');
        if (!q) return Promise.resolve(json([]));
        searched.push(q);
        // 'SHOP' is in both names and neither's code: several, none exactly
        const found =
          q === 'SHOP' ? [SUGAR, MILK] : [SUGAR, MILK].filter((p) => p.code === q || p.barcodes.includes(q));
        const late = ANSWER_MS + (found.includes(MILK) ? milkLate : 0);
        // never answered; given up, as fetch is, with the reason the till aborts the request for
        if (late === Infinity)
          return new Promise<Response>((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)),
          );
        const gate = found.includes(MILK) && milkGate ? milkGate : Promise.resolve();
        return gate.then(() => wait(late)).then(() => json(found));
      }
      if (url === '/api/sales' && init?.method === 'POST') {
        sales.push(JSON.parse(init.body as string) as (typeof sales)[number]);
        return Promise.resolve(json({ error: { code: 'tendered_too_low', message: 'low' } }, 422));
      }
      if (url === '/api/work-drafts') return Promise.resolve(json([]));
      if (url.startsWith('/api/work-drafts/') && init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        return Promise.resolve(json({ id: url.slice(-36), updated_at: new Date().toISOString(), ...body }));
      }
      return Promise.resolve(json({ error: { code: 'not_found', message: 'no' } }, 404));
    }),
  );
  return { searched, sales };
}

async function openTill() {
  const s = makeSession({ flags: ['sell_cash'] });
  await renderApp(<TillPage kind="cash" />, {
    session: { ...s, user: { ...s.user, home_location_id: LOC, location_ids: [LOC] } },
  });
  const search = await screen.findByTestId('till-search');
  await userEvent.setup().click(search);
  // a scanner: the keys of a code and Enter in one burst, into the focused box
  const scanner = userEvent.setup({ delay: null });
  return { search: search as HTMLInputElement, scan: (code: string) => scanner.keyboard(`${code}{Enter}`) };
}

/** The cart's lines, top to bottom, as name × quantity. */
const cart = () =>
  screen
    .queryAllByRole('group')
    .filter((g) => g.querySelector('[aria-label^="Quantity of"]'))
    .map((g) => `${g.getAttribute('aria-label')} × ${g.querySelector('input')?.value}`);

afterEach(() => vi.unstubAllGlobals());

describe('scans into the till faster than its answers', () => {
  it('every scan counts, in the order scanned, and each code leaves the box at its Enter', async () => {
    const { searched } = slowServer({ milkLate: 200 });
    const { search, scan } = await openTill();
    await scan(MILK.barcodes[0]!);
    expect(search).toHaveValue('');
    await wait(150);
    await scan(SUGAR.barcodes[0]!); // answers before Milk's
    expect(search).toHaveValue('');
    await wait(150);
    await scan(SUGAR.barcodes[0]!);
    expect(searched).toEqual([MILK.barcodes[0], SUGAR.barcodes[0], SUGAR.barcodes[0]]);
    await waitFor(() => expect(cart()).toEqual(['Milk 1 l × 1', 'Sugar 1 kg × 2']), { timeout: 3000 });
    expect(search).toHaveValue('');
  });

  it('a code that found nothing comes back selected once the scanning stops; the next still counts', async () => {
    slowServer();
    const { search, scan } = await openTill();
    await scan('999999999999');
    await wait(150);
    await scan(SUGAR.barcodes[0]!);
    expect(await screen.findByText(/No product matches “999999999999”/, {}, { timeout: 3000 })).toBeVisible();
    expect(search).toHaveValue('999999999999');
    await waitFor(() => expect(search.selectionEnd).toBe(12));
    expect(search.selectionStart).toBe(0);
    await waitFor(() => expect(cart()).toEqual(['Sugar 1 kg × 1']), { timeout: 3000 });
    // the code shown is the one that failed, still selected: the next scan replaces it
    expect(search).toHaveValue('999999999999');
    await scan(MILK.barcodes[0]!);
    expect(search).toHaveValue('');
    await waitFor(() => expect(cart()).toEqual(['Sugar 1 kg × 1', 'Milk 1 l × 1']), { timeout: 3000 });
  });

  it('a name a person is typing is kept when a code that found nothing answers meanwhile', async () => {
    slowServer();
    const { search, scan } = await openTill();
    await scan('999999999999');
    await userEvent.setup().keyboard('mil');
    expect(await screen.findByText(/No product matches “999999999999”/, {}, { timeout: 3000 })).toBeVisible();
    expect(search).toHaveValue('mil');
    // named until the box is emptied: the person's next key does not take it away unread
    await userEvent.setup().keyboard('k');
    expect(search).toHaveValue('milk');
    expect(screen.getByText(/No product matches “999999999999”/)).toBeVisible();
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(/No product matches/)).not.toBeInTheDocument());
  });

  it('a code that matches several products while a person types is named, and their text kept', async () => {
    slowServer();
    const { search, scan } = await openTill();
    await scan('SHOP');
    await userEvent.setup().keyboard('sug');
    expect(
      await screen.findByText(
        '“SHOP” matches several products. Search for it to choose one.',
        {},
        { timeout: 3000 },
      ),
    ).toBeVisible();
    expect(search).toHaveValue('sug');
    expect(cart()).toEqual([]);
  });

  it('a code answered after its sale was cleared is not added to the next one, and says so', async () => {
    let answerMilk = () => {};
    slowServer({ milkGate: new Promise<void>((resolve) => (answerMilk = resolve)) });
    const { scan } = await openTill();
    await scan(SUGAR.barcodes[0]!);
    await waitFor(() => expect(cart()).toEqual(['Sugar 1 kg × 1']), { timeout: 3000 });
    await scan(MILK.barcodes[0]!); // its answer comes once the cart is cleared
    const user = userEvent.setup();
    await user.keyboard('{F4}');
    const confirm = await screen.findByRole('dialog', { name: 'Start a new sale?' });
    await user.click(within(confirm).getByRole('button', { name: 'Clear cart' }));
    await waitFor(() => expect(cart()).toEqual([]));
    answerMilk();
    expect(
      await screen.findByText('Milk 1 l was scanned for the sale before and was not added to this one.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(cart()).toEqual([]);
  });

  it('a lookup that never answers holds the next scans only so long, then counts as offline', async () => {
    slowServer({ milkLate: Infinity });
    const { search, scan } = await openTill();
    await scan(MILK.barcodes[0]!); // no answer ever comes
    await scan(SUGAR.barcodes[0]!);
    expect(
      await screen.findByText(
        /Offline: “6001234567892” could not be looked up/,
        {},
        { timeout: LOOKUP_TIMEOUT_MS + 2000 },
      ),
    ).toBeVisible();
    await waitFor(() => expect(cart()).toEqual(['Sugar 1 kg × 1']));
    expect(search).toHaveValue(MILK.barcodes[0]);
  }, 15_000);

  it('a sale completed while a scan is still being looked up waits for it, and shows the new total first', async () => {
    const { sales } = slowServer({ milkLate: 1500 });
    const { scan } = await openTill();
    await scan(SUGAR.barcodes[0]!);
    await waitFor(() => expect(cart()).toEqual(['Sugar 1 kg × 1']), { timeout: 3000 });
    await scan(MILK.barcodes[0]!); // answered 1.8 s late
    const user = userEvent.setup();
    await user.keyboard('{F9}');
    const pay = await screen.findByRole('dialog', { name: /Pay · Cash sale/ });
    expect(cart()).toEqual(['Sugar 1 kg × 1']);
    await user.click(within(pay).getByRole('button', { name: /Complete sale/ }));
    // not sent while Milk is on its way, nor once it has joined the cart: the new total is shown
    await waitFor(() => expect(cart()).toEqual(['Sugar 1 kg × 1', 'Milk 1 l × 1']), { timeout: 3000 });
    await wait(100);
    expect(sales).toEqual([]);
    await user.click(within(pay).getByRole('button', { name: /Complete sale/ }));
    await waitFor(() => expect(sales).toHaveLength(1));
    expect(sales[0]!.lines.map((l) => l.product_id)).toEqual([SUGAR.id, MILK.id]);
  });
});
