import { seriousAxeFindings } from './support/axe';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import {
  ADMIN,
  BASE_URL,
  STAFF_PASSWORD,
  adminApi,
  apiLoginInPage,
  ensureSetup,
  setBusiness,
  storedDevices,
  uiLogin,
} from './support/fixtures';
import { chooseHelper, freePort, machineMac, startFakePrinter, startHelperProcess } from './support/printing';
import { mainLocation, stockedProduct, seedSeller } from './support/seed';
import { sellForCash } from './support/till';

/** Printing from the browser: the real helper on QZ's port, the browser's dialog, the profile. */
test.beforeAll(ensureSetup);

const RUN = Date.now().toString(36).slice(-4).toUpperCase();
let api: APIRequestContext;
let main: string;

test.beforeAll(async () => {
  api = await adminApi();
  main = await mainLocation(api);
  await setBusiness(api, { printer_host: '', receipt_width: 80 });
});
test.afterAll(async () => {
  await setBusiness(api, { printer_host: '', printer_port: 9100, receipt_width: 80 });
  await api.dispose();
});
test.beforeEach(async ({ page }, info) => {
  if (!info.title.startsWith('staff')) await apiLoginInPage(page, ADMIN.username, ADMIN.password);
});

/** A cash sale of one product at the till; answers the receipt dialog and its number. */
async function sellAtTill(page: Page, code: string) {
  await page.goto('/cash-sale');
  await expect(page.getByRole('heading', { name: 'Make a sale › cash', level: 1 })).toBeVisible();
  return sellForCash(page, code);
}

/** ESC p 0 25 250: the cash drawer's pulse. */
const DRAWER_PULSE = Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]);

async function openPrintingSettings(page: Page) {
  await page.getByRole('button', { name: 'Customize your view' }).click();
  const panel = page.getByRole('dialog', { name: 'Settings' });
  await panel.getByRole('tab', { name: 'Printing' }).click();
  return panel;
}

test.describe('printing receipts', () => {
  test('with the printer helper paired: the settings find it, and a sale prints on its own', async ({
    page,
  }) => {
    const product = await stockedProduct(
      api,
      { name: `Cooking oil 1 l ${RUN}`, code: `PROIL${RUN}`, price: 32_000 },
      main,
      10,
    );
    const certificate = await (await api.get('/api/print/certificate')).text();
    const printer = await startFakePrinter();
    // QZ's first insecure port, where the page's qz-tray client looks
    const helper = await startHelperProcess({
      printerPort: printer.port,
      certificate,
      insecurePort: 8182,
      securePort: await freePort(),
    });
    try {
      await page.goto('/cash-sale');
      const panel = await openPrintingSettings(page);
      // the helper is looked for only once this till chooses it
      await expect(panel.getByTestId('helper-off')).toBeVisible();
      await panel.getByRole('switch', { name: /prints through the printer helper/ }).check();
      const status = panel.getByTestId('helper-status');
      await expect(status).toHaveAttribute('data-state', 'ready');
      await expect(status).toContainText('The printer helper answers (version 2.2.5)');
      await panel.getByRole('combobox', { name: /Receipt printer/ }).click();
      await expect(page.getByRole('option', { name: 'Counter', exact: true })).toBeVisible();
      await page.getByRole('option', { name: 'Counter', exact: true }).click();
      await panel.getByRole('switch', { name: /Print the receipt after each sale/ }).check();
      expect(await seriousAxeFindings(page, 'settings › printing')).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      // the sale: its receipt reaches the printer without a click
      const job = printer.nextJob();
      const { done, receiptNo } = await sellAtTill(page, product.code);
      const bytes = await job;
      expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
      expect(bytes.toString('latin1')).toContain(`#${receiptNo}`);
      expect([...bytes.subarray(-4)]).toEqual([0x1d, 0x56, 0x42, 0x00]);
      await expect(page.getByText(`Receipt #${receiptNo} printed.`)).toBeVisible();
      expect(helper.output()).toContain(`Printed job "Receipt #${receiptNo}" to "Counter"`);

      // the first print of a cash sale opened the drawer; a reprint is the receipt without the pulse
      expect(bytes.includes(DRAWER_PULSE)).toBe(true);
      const again = printer.nextJob();
      await done.getByRole('button', { name: 'Print' }).click();
      const reprint = await again;
      expect(reprint.includes(DRAWER_PULSE)).toBe(false);
      expect(reprint.subarray(-300).equals(bytes.subarray(-300))).toBe(true);
      // the reprint's own toast, before axe looks (one still fading in measures as low contrast)
      await expect(page.getByText(`Receipt #${receiptNo} printed.`)).toHaveCount(2);
      expect(await seriousAxeFindings(page, 'till receipt panel')).toEqual([]);

      // the cashier's "Open drawer": the pulse alone, signed by the server, through the helper
      await page.keyboard.press('Escape');
      const pulse = printer.nextJob();
      await page.getByTestId('open-drawer').click();
      expect((await pulse).equals(DRAWER_PULSE)).toBe(true);
      await expect(page.getByText('The cash drawer was opened.')).toBeVisible();

      // out of paper at a cash sale's own print: the helper sent nothing, so the page gave the
      // drawer's opening back (the server had claimed it when it signed), and Print again opens it
      printer.paperOut = true;
      const second = await sellAtTill(page, product.code);
      const failure = page.getByTestId('print-failure');
      await expect(failure).toContainText('The printer is out of paper. Load a new roll, then print again.');
      printer.paperOut = false;
      const retried = printer.nextJob();
      await failure.getByRole('button', { name: 'Print again' }).click();
      const paid = await retried;
      expect(paid.toString('latin1')).toContain(`#${second.receiptNo}`);
      expect(paid.includes(DRAWER_PULSE)).toBe(true);
      await expect(page.getByText(`Receipt #${second.receiptNo} printed.`)).toBeVisible();
    } finally {
      await helper.stop();
      await printer.close();
    }
  });

  test('staff sign in on a till with the real helper: the device is read unsigned, then receipts print signed', async ({
    page,
  }) => {
    const product = await stockedProduct(
      api,
      { name: `Baking flour ${RUN}`, code: `PRBKF${RUN}`, price: 18_000 },
      main,
      10,
    );
    const cashier = await seedSeller(api, ['sell_cash'], main);
    const certificate = await (await api.get('/api/print/certificate')).text();
    const printer = await startFakePrinter();
    const helper = await startHelperProcess({
      printerPort: printer.port,
      certificate,
      insecurePort: 8182,
      securePort: await freePort(),
    });
    try {
      // before sign-in the page cannot sign: the helper's default answers networking.device
      await chooseHelper(page.context(), BASE_URL);
      await uiLogin(page, cashier, STAFF_PASSWORD);
      await expect(page).toHaveURL(/\/cash-sale$/);
      await expect(page.getByText('Logged in', { exact: true })).toBeVisible();
      await expect(page.getByText('Device not detected!')).toHaveCount(0);
      expect(await storedDevices(page)).toEqual([machineMac()]);
      expect(helper.output()).toMatch(/connected without a certificate/);

      // signed in: Print reconnects with the business certificate and the helper prints
      const { done, receiptNo } = await sellAtTill(page, product.code);
      const job = printer.nextJob();
      await done.getByRole('button', { name: 'Print' }).click();
      const bytes = await job;
      expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
      expect(bytes.toString('latin1')).toContain(`#${receiptNo}`);
      expect(helper.output()).toMatch(/connected with the paired business certificate/);
    } finally {
      await helper.stop();
      await printer.close();
    }
  });

  test("with no helper and no network printer: Print opens the browser's dialog on the receipt", async ({
    page,
  }) => {
    // the dialog itself belongs to the browser: record the call in every frame instead
    await page.addInitScript(() => {
      window.print = () => {
        const top: (Window & { __printed?: string[] }) | null = window.top;
        if (top) (top.__printed ??= []).push(document.title);
      };
    });
    const product = await stockedProduct(
      api,
      { name: `Tea leaves ${RUN}`, code: `PRTEA${RUN}`, price: 15_000 },
      main,
      10,
    );
    const { done, receiptNo } = await sellAtTill(page, product.code);
    const print = done.getByRole('button', { name: 'Print' });
    await expect(print).toBeVisible();
    await print.click();
    const frame = page.locator('iframe#duka-print-frame');
    await expect(frame).toBeAttached();
    const img = frame.contentFrame().getByRole('img', { name: `Receipt #${receiptNo}` });
    // at the profile's characters per line (80 mm at 48)
    await expect(img).toHaveAttribute('src', `/api/receipts/${receiptNo}/svg?columns=48`);
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    await expect
      .poll(() => page.evaluate(() => (window as Window & { __printed?: string[] }).__printed ?? []))
      .toEqual([`Receipt #${receiptNo}`]);
    // laid out for the roll: 80 mm wide, as long as the receipt, no margins
    const pageRule = await frame.contentFrame().locator('style#page').textContent();
    expect(pageRule).toMatch(/^@page \{ size: 80mm \d+mm; margin: 0 \}$/);
    await expect(page.getByText('Could not connect to printer.')).toHaveCount(0);
  });

  test('the profile saves the roll width and the network printer; printing then goes through the server', async ({
    page,
  }) => {
    // the profile, a sale and two prints in one journey: more than the default minute on a loaded machine
    test.slow();
    await page.goto('/profile');
    const section = page.getByTestId('printer-section');
    await expect(section.getByRole('heading', { name: 'Receipt printer' })).toBeVisible();
    await expect(section.getByRole('link', { name: 'Download the business certificate' })).toHaveAttribute(
      'href',
      '/api/print/certificate',
    );
    await expect(section.getByTestId('helper-howto')).toContainText(
      `npm run printer-helper -- pair --file duka-business-certificate.pem --origin ${new URL(page.url()).origin}`,
    );
    expect(await seriousAxeFindings(page, 'profile')).toEqual([]);

    // a bad port is caught before saving
    await section.getByText('58 mm').click();
    await section.getByLabel('Network printer address').fill('127.0.0.1');
    const port = section.getByLabel('Port', { exact: true });
    await port.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('Enter a port from 1 to 65535, usually 9100.')).toBeVisible();

    const printer = await startFakePrinter();
    try {
      await port.fill(String(printer.port));
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Business profile saved')).toBeVisible();
      const saved = (await (await api.get('/api/business/profile')).json()) as Record<string, unknown>;
      expect(saved).toMatchObject({
        receipt_width: 58,
        printer_host: '127.0.0.1',
        printer_port: printer.port,
      });
      const open = (await (await api.get('/api/business')).json()) as Record<string, unknown>;
      expect(open).toMatchObject({ receipt_width: 58, network_printer: true });

      // without a helper, the till's Print now goes to the network printer, on the 58 mm roll
      const product = await stockedProduct(
        api,
        { name: `Salt 500 g ${RUN}`, code: `PRSLT${RUN}`, price: 4_000 },
        main,
        10,
      );
      const { done, receiptNo } = await sellAtTill(page, product.code);
      // the printer is out of paper: the till says so, in words, and nothing counts as printed
      printer.paperOut = true;
      await done.getByRole('button', { name: 'Print' }).click();
      const failure = page.getByTestId('print-failure');
      await expect(failure).toContainText('The printer is out of paper. Load a new roll, then print again.');
      await expect(page.getByText('The receipt was not printed')).toBeVisible();
      await expect(page.getByText(`Receipt #${receiptNo} printed.`)).toHaveCount(0);
      expect(printer.jobs).toEqual([]);
      // paper loaded: Print again from the message prints it, opening the drawer (its first print)
      printer.paperOut = false;
      const job = printer.nextJob();
      await failure.getByRole('button', { name: 'Print again' }).click();
      const bytes = await job;
      expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
      expect(bytes.toString('latin1')).toContain(receiptNo);
      expect(bytes.includes(DRAWER_PULSE)).toBe(true);
      await expect(page.getByText(`Receipt #${receiptNo} printed.`)).toBeVisible();
    } finally {
      await printer.close();
      await setBusiness(api, { printer_host: '', printer_port: 9100, receipt_width: 80 });
    }
  });
});
