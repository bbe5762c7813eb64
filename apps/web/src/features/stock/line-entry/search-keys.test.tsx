/**
 * A stock document is ready for the scanner as soon as it opens, as the till is: the scan box has
 * the focus, F2 brings it back from anywhere on the page (not from behind a dialog), and a code and
 * Enter in it adds the line; typing in the document's other fields stays theirs.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, renderApp } from '../../../test/render';
import { stubFonts } from '../../../test/history-fixtures';
import { SHOP } from '../../../test/locations';
import { StockNegativePage, StockPositivePage, SupplierReceiptPage, TransferPage } from '../documents';
import { product } from '../../../test/products';
import { TYPE_HANDOVER_MS } from '../../../lib/use-scanner';

const SUGAR = product({ id: '0190b1a0-0000-7000-8000-0000000000a1', barcodes: ['6001234567890'] });

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The reads a document needs (no kept draft, one location, no supplier) and the product search. */
function documentServer() {
  const searched: string[] = [];
  // lookups held back until the test lets them go, by their code
  const held = new Map<string, Promise<void>>();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') !== 'GET') {
        const body = typeof init.body === 'string' ? (JSON.parse(init.body) as object) : {};
        return Promise.resolve(json({ id: url.split('/').pop(), ...body, updated_at: SUGAR.updated_at }));
      }
      if (url === '/api/locations') return Promise.resolve(json([SHOP]));
      if (url.startsWith('/api/products?')) {
        const q = new URLSearchParams(url.split('?')[1]).get('q') ?? '';
        searched.push(q);
        const hit = q === SUGAR.code || SUGAR.barcodes.includes(q) || SUGAR.name.includes(q);
        return (held.get(q) ?? Promise.resolve()).then(() => json(hit ? [SUGAR] : []));
      }
      return Promise.resolve(json([]));
    }),
  );
  return { searched, held };
}

const PAGES = [
  ['supplier receipt', SupplierReceiptPage],
  ['stock positive', StockPositivePage],
  ['stock negative', StockNegativePage],
  ['transfer', TransferPage],
] as const;

async function openDocument(Page: () => React.JSX.Element) {
  const server = documentServer();
  const user = userEvent.setup();
  await renderApp(<Page />, { session: makeSession({ role: 'admin' }) });
  const search = await screen.findByRole('textbox', { name: /Scan or search products \(F2\)/ });
  return { user, search, server };
}

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const shut = new Promise<void>((resolve) => (open = resolve));
  return { shut, open };
}

/**
 * A scanner, a second after the last key a person typed: the code's keys and Enter in one burst.
 * (Every key of the burst has the same time: jsdom takes longer than a scanner's gap between two
 * keys to render the page again after each key a field takes, and gives keys the time it handles them.)
 */
const scanner = () => {
  const t = new Event('key').timeStamp + 1000;
  const user = userEvent.setup({ delay: null });
  return {
    keyboard: async (keys: string) => {
      const clock = vi.spyOn(Event.prototype, 'timeStamp', 'get').mockReturnValue(t);
      try {
        await user.keyboard(keys);
      } finally {
        clock.mockRestore();
      }
    },
  };
};

beforeAll(stubFonts);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a stock document opens ready for the scanner', () => {
  it.each(PAGES)('%s: the scan box has the focus, and F2 from the page brings it back', async (_, Page) => {
    const { user, search } = await openDocument(Page);
    await waitFor(() => expect(search).toHaveFocus());
    search.blur();
    expect(document.body).toHaveFocus();
    await user.keyboard('{F2}');
    expect(search).toHaveFocus();
  });

  it('a scan into the focused box adds the line; F2 from its quantity goes back to the box', async () => {
    const { user, search } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    await user.keyboard('6001234567890{Enter}');
    const qty = await screen.findByRole('textbox', { name: 'Quantity of Sugar 1 kg' });
    expect(screen.getByText('Lines: 1')).toBeInTheDocument();
    // (the scan puts the focus in the new line's quantity; jsdom lays nothing out, so by hand here)
    await user.click(qty);
    await user.keyboard('{F2}');
    expect(search).toHaveFocus();
    expect(qty).toHaveValue('1');
  });

  it("typing in the document's own fields stays there", async () => {
    const { user, search } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    const invoice = screen.getByRole('textbox', { name: 'Their invoice number' });
    await user.click(invoice);
    await user.keyboard('INV-77');
    const note = screen.getByRole('textbox', { name: 'Note' });
    await user.click(note);
    await user.keyboard('Delivered late');
    expect(invoice).toHaveValue('INV-77');
    expect(note).toHaveValue('Delivered late');
    expect(note).toHaveFocus();
    expect(search).toHaveValue('');
  });

  it('F2 does nothing while a dialog is open', async () => {
    const { user, search } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Add supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add supplier' });
    const name = within(dialog).getByRole('textbox', { name: /Supplier name/ });
    await waitFor(() => expect(name).toHaveFocus());
    await user.keyboard('{F2}');
    expect(name).toHaveFocus();
    await user.keyboard('Bidco');
    expect(name).toHaveValue('Bidco');
  });

  it.each(PAGES)('%s: a scan with the focus on the page adds the line', async (_, Page) => {
    const { search } = await openDocument(Page);
    await waitFor(() => expect(search).toHaveFocus());
    search.blur();
    await scanner().keyboard('6001234567890{Enter}');
    expect(await screen.findByText('Lines: 1')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Quantity of Sugar 1 kg' })).toHaveValue('1');
    expect(search).toHaveValue('');
  });

  it('a scan with the focus on a button adds the line and does not press the button', async () => {
    const { search } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    screen.getByRole('button', { name: 'Add supplier' }).focus();
    await scanner().keyboard('6001234567890{Enter}');
    expect(await screen.findByText('Lines: 1')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("a scan into a line's quantity gives it back and counts the product scanned", async () => {
    const { user, search } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    await user.keyboard('6001234567890{Enter}');
    const qty = await screen.findByRole('textbox', { name: 'Quantity of Sugar 1 kg' });
    await user.click(qty);
    await user.keyboard('{Backspace}5');
    expect(qty).toHaveValue('5');
    // the next scan lands in the quantity: 5 stays 5, and the scan adds one more Sugar
    await scanner().keyboard('6001234567890{Enter}');
    await waitFor(() => expect(qty).toHaveValue('6'));
    expect(screen.getByText('Lines: 1')).toBeInTheDocument();
  });

  it("a scan into a line's unit cost gives it back too", async () => {
    const { user, search } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    await user.keyboard('6001234567890{Enter}');
    const cost = await screen.findByRole('textbox', { name: 'Unit cost of Sugar 1 kg' });
    await user.clear(cost);
    await user.type(cost, '118.50');
    await scanner().keyboard('6001234567890{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Quantity of Sugar 1 kg' })).toHaveValue('2'),
    );
    expect(cost).toHaveValue('118.50');
  });

  it('an unknown code scanned from the page stays in the box, named and selected for the next', async () => {
    const { search } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    search.blur();
    await scanner().keyboard('9999999999999{Enter}');
    expect(
      await screen.findByText(/9999999999999/, { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
    expect(search).toHaveValue('9999999999999');
    await waitFor(() => expect(search).toHaveFocus());
    const box = search as HTMLInputElement;
    await waitFor(() => expect([box.selectionStart, box.selectionEnd]).toEqual([0, 13]));
  });

  it('keys typed slowly on the page carry on in the box as a search', async () => {
    const { search, server } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    search.blur();
    const person = userEvent.setup({ delay: 120 });
    await person.keyboard('Sug');
    await waitFor(() => expect(search).toHaveValue('Sug'));
    expect(search).toHaveFocus();
    await waitFor(() => expect(server.searched).toContain('Sug'));
    expect(screen.queryByText('Lines: 1')).not.toBeInTheDocument();
  });

  it('a scan does nothing while a dialog is open', async () => {
    const { user, search, server } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Add supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add supplier' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Supplier name/ })).toHaveFocus());
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    cancel.focus();
    expect(cancel).toHaveFocus();
    await scanner().keyboard('6001234567890');
    // past the pause after which keys typed outside a field are handed to the box
    await new Promise((r) => setTimeout(r, TYPE_HANDOVER_MS * 2));
    expect(search).toHaveValue('');
    expect(server.searched).toEqual([]);
    expect(dialog).toBeInTheDocument();
  });

  it("a scan's answer that comes while the next scan is being read waits for it: both count", async () => {
    const { user, search, server } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    await user.keyboard('6001234567890{Enter}');
    const qty = await screen.findByRole('textbox', { name: 'Quantity of Sugar 1 kg' });
    await user.click(qty);
    // the next Sugar scanned into the quantity, its answer held back
    const answer = gate();
    server.held.set('SUG1', answer.shut);
    const scanning = scanner();
    await scanning.keyboard('SUG1{Enter}');
    // a third scan of Sugar is half read when the second's answer comes: the page's clock held
    // still through it, as a scanner's keys come within milliseconds (on a busy machine jsdom took
    // longer than the rest the page waits for between the halves, and took the scan for two)
    const still = performance.now();
    const clock = vi.spyOn(performance, 'now').mockReturnValue(still);
    try {
      await scanning.keyboard('600123');
      answer.open();
      await new Promise((r) => setTimeout(r, 0));
      await scanning.keyboard('4567890{Enter}');
    } finally {
      clock.mockRestore();
    }
    // 1 + 1 + 1, and no digit of a code taken for a quantity
    await waitFor(() => expect(qty).toHaveValue('3'));
    expect(screen.getByText('Lines: 1')).toBeInTheDocument();
    expect(search).toHaveValue('');
  });

  it('scans into the box faster than its answers: each code leaves the box at its Enter, all count', async () => {
    const { user, search, server } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    const answer = gate();
    server.held.set('SUG1', answer.shut);
    await user.keyboard('SUG1{Enter}');
    expect(search).toHaveValue('');
    // the next scan starts in an empty box (before, it was added to the end of the code asked)
    await user.keyboard('6001234567890{Enter}');
    expect(search).toHaveValue('');
    answer.open();
    const qty = await screen.findByRole('textbox', { name: 'Quantity of Sugar 1 kg' });
    await waitFor(() => expect(qty).toHaveValue('2'));
    expect(server.searched).toEqual(['SUG1', '6001234567890']);
    expect(screen.getByText('Lines: 1')).toBeInTheDocument();
  });

  it('a code that got no answer comes back selected, named as not looked up (as on the till)', async () => {
    const { user, search, server } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    const lost = Promise.reject(new TypeError('Failed to fetch'));
    lost.catch(() => undefined);
    server.held.set('6001234567890', lost);
    await user.keyboard('6001234567890{Enter}');
    expect(await screen.findByText(/Offline: “6001234567890” could not be looked up/)).toBeInTheDocument();
    expect(search).toHaveValue('6001234567890');
    const box = search as HTMLInputElement;
    await waitFor(() => expect([box.selectionStart, box.selectionEnd]).toEqual([0, 13]));
    expect(screen.queryByText('Lines: 1')).not.toBeInTheDocument();
  });

  it('keys typed on the page after an unknown code replace it in the box, as on the till', async () => {
    const { search } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    search.blur();
    await scanner().keyboard('9999999999999{Enter}');
    await waitFor(() => expect(search).toHaveValue('9999999999999'));
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.setup({ delay: 120 }).keyboard('Sug');
    await waitFor(() => expect(search).toHaveValue('Sug'));
  });
});
