import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { PRINT_FRAME_ID } from '../../lib/printing/browser-print';
import { resetHelperConnection } from '../../lib/printing/qz';
import { TILL_COOKIE, loadTillPrinting, saveTillPrinting } from '../../lib/printing/till-settings';
import { fakeServer, type makeFakeQz } from '../../lib/printing/test-qz';
import { makeSession, renderApp } from '../../test/render';
import { OpenDrawerButton } from './open-drawer-button';
import { PrintReceiptButton } from './print-receipt-button';
import { PrintingSettings } from './printing-settings';

const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof makeFakeQz> }));
vi.mock('qz-tray', async () => {
  const { makeFakeQz } = await import('../../lib/printing/test-qz');
  fake.current = makeFakeQz();
  return { default: fake.current.qz };
});

let server: ReturnType<typeof fakeServer>;

beforeEach(async () => {
  await import('qz-tray');
  fake.current!.reset();
  resetHelperConnection();
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetchMock);
});

afterEach(() => {
  notifications.clean();
  document.getElementById(PRINT_FRAME_ID)?.remove();
  vi.unstubAllGlobals();
  document.cookie = `${TILL_COOKIE}=; path=/; max-age=0`;
});

describe('PrintReceiptButton', () => {
  it('prints through the helper and says so', async () => {
    saveTillPrinting({ helper: true });
    await renderApp(<PrintReceiptButton receiptNo="000123" />, { session: makeSession() });
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByText('Receipt #000123 printed.')).toBeInTheDocument();
    expect(fake.current!.qz.print).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['en', 'Imprimir', 'Could not connect to printer.'],
    ['es', 'Imprimir', 'No se pudo conectar con la impresora.'],
  ] as const)('shows the seed spec toast when printing fails (%s)', async (lng, _label, message) => {
    fake.current!.state.failPrint = 'Could not reach 192.168.1.50:9100';
    saveTillPrinting({ helper: true });
    await renderApp(<PrintReceiptButton receiptNo="000123" />, { session: makeSession(), lng });
    await userEvent.click(screen.getByTestId('print-receipt'));
    expect(await screen.findByText(message)).toBeInTheDocument();
    // the toast's close button has a name (axe: button-name)
    const toast = screen.getByText(message).closest('.mantine-Notification-root') as HTMLElement;
    expect(toast.querySelector('button.mantine-Notification-closeButton')).toHaveAttribute(
      'aria-label',
      lng === 'en' ? 'Close' : 'Cerrar',
    );
  });

  it.each([
    [
      'en',
      '[printer_out_of_paper] Printer "Counter": is out of paper',
      'The printer is out of paper. Load a new roll, then print again.',
      'Print again',
    ],
    [
      'de',
      '[printer_cover_open] Printer "Counter": has its cover open',
      'Die Abdeckung des Druckers ist offen. Schließen Sie sie und drucken Sie erneut.',
      'Erneut drucken',
    ],
  ] as const)(
    'says what the printer said (%s) and prints again from the message',
    async (lng, failure, words, retry) => {
      fake.current!.state.failPrint = failure;
      saveTillPrinting({ helper: true });
      await renderApp(<PrintReceiptButton receiptNo="000123" />, { session: makeSession(), lng });
      await userEvent.click(screen.getByTestId('print-receipt'));
      expect(await screen.findByText(words)).toBeInTheDocument();
      expect(fake.current!.qz.print).toHaveBeenCalledTimes(1);
      fake.current!.state.failPrint = null;
      const shown = screen.getByText(words).closest('[data-testid="print-failure"]') as HTMLElement;
      await userEvent.click(within(shown).getByRole('button', { name: retry }));
      await waitFor(() => expect(fake.current!.qz.print).toHaveBeenCalledTimes(2));
    },
  );

  it('prints on its own once after a sale when this till has auto-print on', async () => {
    saveTillPrinting({ helper: true, autoPrint: true, printer: 'Kitchen' });
    const first = await renderApp(<PrintReceiptButton receiptNo="000777" auto />, { session: makeSession() });
    await waitFor(() => expect(fake.current!.qz.print).toHaveBeenCalledTimes(1));
    expect(fake.current!.qz.configs.create).toHaveBeenCalledWith('Kitchen', { jobName: 'Receipt #000777' });
    first.unmount();
    // shown again (a re-render, a remount): not printed twice
    await renderApp(<PrintReceiptButton receiptNo="000777" auto />, { session: makeSession() });
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.current!.qz.print).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no helper answers', true, 'No printer helper answers on this computer.', '000779'],
    ['the till has no way to a printer', false, 'The receipt was not printed', '000780'],
  ] as const)(
    "after an automatic print went nowhere (%s), printing again from the message opens the browser's print",
    async (_what, helper, title, receiptNo) => {
      fake.current!.state.failConnect = true;
      saveTillPrinting({ helper, autoPrint: true });
      await renderApp(<PrintReceiptButton receiptNo={receiptNo} auto />, { session: makeSession() });
      const shown = (await screen.findByText(title)).closest('.mantine-Notification-root') as HTMLElement;
      expect(within(shown).getByText('Could not connect to printer.')).toBeInTheDocument();
      // the automatic print never opens the browser's print by itself
      expect(document.getElementById(PRINT_FRAME_ID)).toBeNull();
      await userEvent.click(within(shown).getByRole('button', { name: 'Print again' }));
      const frame = await vi.waitFor(() => {
        const f = document.getElementById(PRINT_FRAME_ID);
        if (!f) throw new Error('no print frame');
        return f;
      });
      expect(frame.getAttribute('srcdoc')).toContain(`src="/api/receipts/${receiptNo}/svg?columns=48"`);
      expect(fake.current!.qz.print).not.toHaveBeenCalled();
    },
  );

  it('does not print on its own when auto-print is off', async () => {
    await renderApp(<PrintReceiptButton receiptNo="000778" auto />, { session: makeSession() });
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.current!.qz.websocket.connect).not.toHaveBeenCalled();
  });
});

describe('OpenDrawerButton', () => {
  const session = (flags: string[], network = false) => {
    const s = makeSession({ flags });
    return { ...s, business: { ...s.business, network_printer: network } };
  };

  it('opens the drawer through the helper with the signed pulse alone, for a cashier', async () => {
    saveTillPrinting({ helper: true });
    await renderApp(<OpenDrawerButton />, { session: session(['sell_cash']) });
    await userEvent.click(screen.getByTestId('open-drawer'));
    expect(await screen.findByText('The cash drawer was opened.')).toBeInTheDocument();
    expect(fake.current!.qz.configs.create).toHaveBeenCalledWith('Counter', { jobName: 'Cash drawer' });
    expect(fake.current!.qz.print).toHaveBeenCalledWith(expect.anything(), [
      { type: 'raw', format: 'command', flavor: 'base64', data: 'G3AAGfo=' },
    ]);
  });

  it("opens it through the shop's network printer on a till without a helper", async () => {
    await renderApp(<OpenDrawerButton />, { session: session(['sell_cash'], true) });
    await userEvent.click(screen.getByTestId('open-drawer'));
    expect(await screen.findByText('The cash drawer was opened.')).toBeInTheDocument();
    expect(server.calls).toContain('POST /api/print/drawer');
    expect(fake.current!.qz.websocket.connect).not.toHaveBeenCalled();
  });

  it('is not offered to a user who may not take cash, nor on a till with no way to the drawer', async () => {
    saveTillPrinting({ helper: true });
    const first = await renderApp(<OpenDrawerButton />, { session: session(['manage_stock']) });
    expect(screen.queryAllByRole('button', { name: 'Open drawer' })).toEqual([]);
    first.unmount();
    saveTillPrinting({ helper: false });
    await renderApp(<OpenDrawerButton />, { session: session(['sell_cash'], false) });
    expect(screen.queryAllByRole('button', { name: 'Open drawer' })).toEqual([]);
  });
});

describe('PrintingSettings', () => {
  it('looks for no helper until this till chooses it', async () => {
    await renderApp(<PrintingSettings />, { session: makeSession() });
    expect(screen.getByTestId('helper-off')).toHaveTextContent(
      "Receipts print with the browser's print dialog.",
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.current!.qz.websocket.connect).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('switch', { name: /prints through the printer helper/ }));
    expect(
      await screen.findByText('The printer helper answers (version 2.2.5) and prints for this business.'),
    ).toBeInTheDocument();
    expect(loadTillPrinting().helper).toBe(true);
  });

  it("lists the helper's printers and keeps the till's choices in its cookie", async () => {
    saveTillPrinting({ helper: true });
    await renderApp(<PrintingSettings />, { session: makeSession() });
    expect(
      await screen.findByText('The printer helper answers (version 2.2.5) and prints for this business.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: /Print the receipt after each sale/ }));
    expect(loadTillPrinting().autoPrint).toBe(true);
    await userEvent.click(screen.getByRole('combobox', { name: /Receipt printer/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Kitchen' }));
    expect(loadTillPrinting()).toEqual({ helper: true, autoPrint: true, printer: 'Kitchen' });
    expect(document.cookie).toContain(`${TILL_COOKIE}=`);
  });

  it('says when no helper answers, and how receipts print instead', async () => {
    fake.current!.state.failConnect = true;
    saveTillPrinting({ helper: true });
    await renderApp(<PrintingSettings />, { session: makeSession() });
    expect(await screen.findByText('No printer helper answers on this computer.')).toBeInTheDocument();
    expect(screen.getByText(/To install it, follow Business profile/)).toBeInTheDocument();
    expect(screen.getByText("Receipts print with the browser's print dialog.")).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Receipt printer/ })).toBeDisabled();
  });

  it('says when the helper answers but refuses this business (not paired)', async () => {
    fake.current!.state.printers = [];
    fake.current!.qz.printers.find.mockRejectedValueOnce(new Error('Request blocked: not paired'));
    saveTillPrinting({ helper: true });
    await renderApp(<PrintingSettings />, { session: makeSession() });
    expect(await screen.findByText(/does not print for this business yet/)).toBeInTheDocument();
  });
});
