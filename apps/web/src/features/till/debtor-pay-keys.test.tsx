/**
 * A debtor sale from the keyboard: F9 puts the focus in the debtor search, Enter picks the debtor
 * and Enter again completes the sale (the focus never drops to the page). An error about one
 * debtor (over the credit limit) is gone once another debtor is chosen.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Debtor } from '@duka/domain';
import { renderApp } from '../../test/render';
import { type PostedSale, saleServer, tillSession, typeOnPage } from './test-sale-server';
import { TillPage } from './till-page';

const debtor = (id: string, name: string, credit_limit: number, balance = 0): Debtor => ({
  id,
  name,
  phone: '',
  id_number: '',
  credit_limit,
  balance,
  available: credit_limit - balance,
  active: true,
  note: '',
  last_activity_at: null,
  created_at: '2026-12-01T08:00:00.000Z',
  updated_at: '2026-12-01T08:00:00.000Z',
});

// sugar is KES 180.00: Achieng may owe 100.00 more, Baraka 5000.00
const achieng = debtor('0190b1a0-0000-7000-8000-0000000000f1', 'Achieng Otieno', 20000, 10000);
const baraka = debtor('0190b1a0-0000-7000-8000-0000000000f2', 'Baraka Mwangi', 500000);
// paid more than he owed: in credit by 1,210.50
const juma = debtor('0190b1a0-0000-7000-8000-0000000000f3', 'Juma Builders', 500000, -121050);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The sale server of the till's tests, the debtors' search (by name) and a debtor by id. With
 * `refuse`, the server refuses the first sale: the debtor is over the limit by its own count.
 */
function server(opts: { refuse?: boolean } = {}) {
  const srv = saleServer(() => 'answer');
  const sales = globalThis.fetch as (url: string, init?: RequestInit) => Promise<Response>;
  let refused = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/sales' && init?.method === 'POST' && opts.refuse && refused++ === 0) {
        srv.posted.push(JSON.parse(init.body as string) as PostedSale);
        return Promise.resolve(
          json({ error: { code: 'credit_limit_exceeded', message: 'Over', field: 'debtor_id' } }, 422),
        );
      }
      if (url === '/api/debtors' && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as { id: string; name: string };
        return Promise.resolve(json(debtor(body.id, body.name, 0), 201));
      }
      const one = [achieng, baraka, juma].find((d) => url === `/api/debtors/${d.id}`);
      if (one) return Promise.resolve(json(one));
      if (!url.startsWith('/api/debtors?')) return sales(url, init);
      const q = (new URL(url, 'http://duka.test').searchParams.get('q') ?? '').toLowerCase();
      const items = [achieng, baraka, juma].filter((d) => d.name.toLowerCase().includes(q));
      return Promise.resolve(json({ items, total_count: items.length, total_balance: 0, all_owed: 0 }));
    }),
  );
  return srv;
}

/**
 * Milliseconds between two keys a person types. Typed faster, keys in a dialog's field look like a
 * scanner's burst and are given back (lib/use-dialog-scan-guard.ts), as on a real till.
 */
const PERSON_MS = 60;

/** Rings up sugar on the debtor till and presses F9: the pay dialog, once it has put the focus. */
async function payForSugar() {
  await renderApp(<TillPage kind="debtor" />, { session: tillSession() });
  await screen.findByTestId('till-cart-title');
  typeOnPage('SUG1');
  await screen.findByRole('group', { name: 'Sugar 1 kg' });
  fireEvent.keyDown(window, { key: 'F9' });
  return screen.findByRole('dialog', { name: /Pay · Debtor sale/ });
}

const completeButton = (panel: HTMLElement) => within(panel).getByRole('button', { name: /Complete sale/ });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a debtor sale from the keyboard', () => {
  it('F9 focuses the debtor search; Enter picks the debtor, and Enter again completes the sale', async () => {
    const srv = server();
    const user = userEvent.setup({ delay: PERSON_MS });
    const panel = await payForSugar();
    const search = within(panel).getByRole('textbox', { name: 'Debtor' });
    await waitFor(() => expect(search).toHaveFocus());
    // and it stays there once the dialog's focus trap has had its turn
    await new Promise((r) => setTimeout(r, 50));
    expect(search).toHaveFocus();

    await user.keyboard('Baraka');
    await within(panel).findByRole('option', { name: /Baraka Mwangi/ });
    await user.keyboard('{Enter}');
    expect(await within(panel).findByTestId('till-debtor')).toHaveTextContent('Baraka Mwangi');
    await waitFor(() => expect(completeButton(panel)).toHaveFocus());
    expect(srv.posted).toHaveLength(0);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(srv.posted).toHaveLength(1));
    expect(srv.posted[0]).toMatchObject({ debtor_id: baraka.id, expected_total: 18000 });
  });

  // The QA: F9, Enter, Enter put the sale on the first debtor of the whole list, no name typed.
  it('Enter with nothing typed picks no one and completes nothing; the arrows then Enter pick', async () => {
    const srv = server();
    const user = userEvent.setup({ delay: PERSON_MS });
    const panel = await payForSugar();
    const search = within(panel).getByRole('textbox', { name: 'Debtor' });
    await waitFor(() => expect(search).toHaveFocus());
    await within(panel).findByRole('option', { name: /Achieng Otieno/ });
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    await new Promise((r) => setTimeout(r, 100));
    expect(within(panel).queryByTestId('till-debtor')).toBeNull();
    expect(srv.posted).toHaveLength(0);
    // chosen with the arrows, Enter takes it
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await within(panel).findByTestId('till-debtor')).toHaveTextContent('Baraka Mwangi');
  });

  it('a debtor picked with the mouse leaves the focus where Enter completes; Change goes back to the search', async () => {
    const srv = server();
    const user = userEvent.setup({ delay: PERSON_MS });
    const panel = await payForSugar();
    await user.click(await within(panel).findByRole('option', { name: /Baraka Mwangi/ }));
    await waitFor(() => expect(completeButton(panel)).toHaveFocus());

    await user.click(within(panel).getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(within(panel).getByRole('textbox', { name: 'Debtor' })).toHaveFocus());
    await user.keyboard('Baraka');
    await within(panel).findByRole('option', { name: /Baraka Mwangi/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(completeButton(panel)).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(srv.posted).toHaveLength(1));
    expect(srv.posted[0]).toMatchObject({ debtor_id: baraka.id });
  });

  it('Enter typed before the list caught up picks the first match, and the focus follows it', async () => {
    server();
    const user = userEvent.setup({ delay: PERSON_MS });
    const panel = await payForSugar();
    await waitFor(() => expect(within(panel).getByRole('textbox', { name: 'Debtor' })).toHaveFocus());
    await user.keyboard('Bar{Enter}');
    expect(await within(panel).findByTestId('till-debtor')).toHaveTextContent('Baraka Mwangi');
    await waitFor(() => expect(completeButton(panel)).toHaveFocus());
  });

  it("a debtor in credit is shown in the debtors list's words, never as money below zero", async () => {
    server();
    const user = userEvent.setup({ delay: PERSON_MS });
    const panel = await payForSugar();
    await waitFor(() => expect(within(panel).getByRole('textbox', { name: 'Debtor' })).toHaveFocus());
    await user.keyboard('Juma');
    await within(panel).findByRole('option', { name: /Juma Builders/ });
    await user.keyboard('{Enter}');
    const chosen = await within(panel).findByTestId('till-debtor');
    expect(chosen).toHaveTextContent(/In credit KES\s?1,210\.50/);
    // sugar at 180.00 uses part of the credit
    expect(within(chosen).getByTestId('debtor-after')).toHaveTextContent(/In credit KES\s?1,030\.50/);
    expect(chosen).not.toHaveTextContent('−KES');
  });

  it("a new debtor's phone is checked as the Debtors page checks it, in its words, before anything is sent", async () => {
    server();
    const posted: string[] = [];
    const fetchNow = globalThis.fetch as (url: string, init?: RequestInit) => Promise<Response>;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url === '/api/debtors' && init?.method === 'POST') posted.push(url);
        return fetchNow(url, init);
      }),
    );
    const user = userEvent.setup({ delay: PERSON_MS });
    const panel = await payForSugar();
    await waitFor(() => expect(within(panel).getByRole('textbox', { name: 'Debtor' })).toHaveFocus());
    await user.keyboard('Test Phone');
    await user.click(await within(panel).findByRole('button', { name: 'Add a debtor' }));
    await user.type(within(panel).getByRole('textbox', { name: /^Phone/ }), 'abc');
    await user.click(within(panel).getByRole('button', { name: 'Add debtor' }));
    expect(
      await within(panel).findByText('Enter a phone number of 7 to 20 digits, e.g. +254 712 345678.'),
    ).toBeVisible();
    expect(posted).toHaveLength(0);
  });

  it('a debtor added from the search: its name has the focus; Enter adds it, and over its limit Complete sale is off', async () => {
    const srv = server();
    const user = userEvent.setup({ delay: PERSON_MS });
    const panel = await payForSugar();
    await waitFor(() => expect(within(panel).getByRole('textbox', { name: 'Debtor' })).toHaveFocus());
    await user.keyboard('Chebet');
    expect(await within(panel).findByText('No debtor matches. Add one below.')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Add a debtor' }));
    const name = within(panel).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Chebet');
    await waitFor(() => expect(name).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await within(panel).findByTestId('till-debtor')).toHaveTextContent('Chebet');
    // the business's default limit is 0: the sale is over it, said at once, and it cannot be sent
    expect(within(panel).getByTestId('debtor-error')).toHaveTextContent('Over the credit limit');
    expect(completeButton(panel)).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(srv.posted).toHaveLength(0);
  });
});

describe("a debtor sale over the debtor's credit limit", () => {
  it('says so; once another debtor is chosen the old error is gone and the sale completes', async () => {
    const srv = server();
    const user = userEvent.setup({ delay: PERSON_MS });
    const panel = await payForSugar();
    await user.click(await within(panel).findByRole('option', { name: /Achieng Otieno/ }));
    expect(await within(panel).findByTestId('debtor-error')).toHaveTextContent(
      'Over the credit limit by KES 80.00',
    );
    // not a button that looks ready and does nothing: it is off while the sale is over the limit
    expect(completeButton(panel)).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(srv.posted).toHaveLength(0);

    // the refusal was about Achieng: the search for another debtor does not repeat it
    await user.click(within(panel).getByRole('button', { name: 'Change' }));
    const search = within(panel).getByRole('textbox', { name: 'Debtor' });
    expect(panel).not.toHaveTextContent(/credit limit/);
    expect(search).not.toHaveAttribute('aria-invalid', 'true');

    await user.click(await within(panel).findByRole('option', { name: /Baraka Mwangi/ }));
    expect(await within(panel).findByTestId('till-debtor')).toHaveTextContent('Baraka Mwangi');
    expect(within(panel).queryByTestId('debtor-error')).toBeNull();
    expect(completeButton(panel)).toBeEnabled();
    expect(panel).not.toHaveTextContent(/credit limit\./);
    expect(within(panel).queryByRole('alert')).toBeNull();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(srv.posted).toHaveLength(1));
    expect(srv.posted[0]).toMatchObject({ debtor_id: baraka.id });
  });

  it('"Choose the debtor" shows until a debtor is chosen', async () => {
    const srv = server();
    const user = userEvent.setup({ delay: PERSON_MS });
    const panel = await payForSugar();
    await user.click(completeButton(panel));
    expect(await within(panel).findByText('Choose the debtor, or add one.')).toBeVisible();
    expect(srv.posted).toHaveLength(0);
    await user.click(await within(panel).findByRole('option', { name: /Baraka Mwangi/ }));
    expect(await within(panel).findByTestId('till-debtor')).toHaveTextContent('Baraka Mwangi');
    expect(within(panel).queryByText('Choose the debtor, or add one.')).toBeNull();
  });

  it("the server's refusal stays under the debtor it is about (fetched again), until another is chosen", async () => {
    const srv = server({ refuse: true });
    const user = userEvent.setup({ delay: PERSON_MS });
    const panel = await payForSugar();
    await user.click(await within(panel).findByRole('option', { name: /Baraka Mwangi/ }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(srv.posted).toHaveLength(1));
    const error = await within(panel).findByTestId('debtor-error');
    expect(error).toHaveTextContent('This sale would take the debtor over their credit limit.');
    // the debtor fetched again after the refusal is the same debtor: the refusal still holds
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([url]) => url === `/api/debtors/${baraka.id}`)).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(within(panel).getByTestId('debtor-error')).toHaveTextContent('over their credit limit');

    await user.click(within(panel).getByRole('button', { name: 'Change' }));
    expect(panel).not.toHaveTextContent(/credit limit/);
  });
});

describe('the pay dialog opened again on a debtor already chosen', () => {
  it('has the focus on Complete sale: Enter completes', async () => {
    const srv = server();
    const user = userEvent.setup({ delay: PERSON_MS });
    let panel = await payForSugar();
    await user.click(await within(panel).findByRole('option', { name: /Baraka Mwangi/ }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.keyDown(window, { key: 'F9' });
    panel = await screen.findByRole('dialog', { name: /Pay · Debtor sale/ });
    expect(within(panel).getByTestId('till-debtor')).toHaveTextContent('Baraka Mwangi');
    await waitFor(() => expect(completeButton(panel)).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(srv.posted).toHaveLength(1));
    expect(srv.posted[0]).toMatchObject({ debtor_id: baraka.id });
  });
});
