import { expect, test } from '@playwright/test';
import { ownServer } from './support/own-server';

/**
 * A new shop's first sign-in (issue 16), on a server of its own with an empty data folder: the
 * dashboard's getting-started checklist ticks itself as the shop does each step, charts with no
 * data say so, and the list goes once everything is done.
 */
const { url, api: post, setUp } = ownServer();

test('the checklist ticks itself step by step, and goes when all is done', async ({ page }) => {
  test.setTimeout(120_000);
  await setUp(page);
  const list = page.getByTestId('getting-started');
  const progress = list.getByTestId('getting-started-progress');
  const isDone = (step: string) =>
    expect(list.getByTestId(`step-${step}`)).toHaveAttribute('data-done', 'true');
  await expect(progress).toHaveText('0 of 6 done');
  // An empty shop: the chart says there are no sales yet instead of drawing zeros.
  await expect(page.getByTestId('dashboard-chart').getByTestId('chart-empty')).toContainText(
    'No sales in these days yet.',
  );

  // Each step opens its screen.
  await list.getByTestId('step-products').click();
  await expect(page).toHaveURL(/\/stock$/);
  const rice = await post(page, '/api/products', { name: 'Rice 1 kg', code: 'RICE1', price: 20_000 });
  await page.goto(`${url()}/dashboard`);
  await isDone('products');
  await expect(progress).toHaveText('1 of 6 done');

  // The owner adds a cashier on the Add user form, with no options.
  await list.getByTestId('step-cashier').click();
  await expect(page).toHaveURL(/\/users$/);
  await page.getByRole('button', { name: 'Add user' }).click();
  const form = page.getByRole('dialog', { name: 'Add user' });
  await form.getByLabel(/^Name/).fill('Baraka Cashier');
  await form.getByLabel(/^Username/).fill('baraka');
  await form.getByLabel(/^Password/).fill('staff-pass-123');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('User created')).toBeVisible();
  await page.goto(`${url()}/dashboard`);
  await isDone('cashier');

  // Hidden, it stays hidden on this browser, across reloads.
  await list.getByRole('button', { name: 'Hide this list' }).click();
  await expect(list).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(list).toHaveCount(0);
  await page.evaluate(() => (document.cookie = 'duka_checklist_hidden=; path=/; max-age=0'));

  // A delivery, the payment numbers with a provider, a network printer, a first sale.
  const locations = (await (await page.request.get(`${url()}/api/locations`)).json()) as {
    id: string;
  }[];
  const supplier = await post(page, '/api/suppliers', { name: 'Wholesale Ltd' });
  await post(page, '/api/stock/receipts', {
    id: crypto.randomUUID(),
    supplier_id: supplier.id,
    location_id: locations[0]!.id,
    lines: [{ product_id: rice.id, quantity: 10_000, unit_cost: 15_000 }],
  });
  await page.goto(`${url()}/dashboard`);
  await isDone('receive');
  await expect(progress).toHaveText('3 of 6 done');
  const providers = (await (await page.request.get(`${url()}/api/payment-providers`)).json()) as unknown[];
  if (providers.length === 0)
    await post(page, '/api/payment-providers', { name: 'M-Pesa', kind: 'mobile_money' });
  await post(page, '/api/business/profile', { payment_details: { mpesa_till: '5123456' } }, 'patch');
  await post(page, '/api/business/profile', { printer_host: '192.168.1.60', printer_port: 9100 }, 'patch');
  await page.goto(`${url()}/dashboard`);
  await isDone('providers');
  await isDone('printer');
  await expect(progress).toHaveText('5 of 6 done');
  await post(page, '/api/sales', {
    id: crypto.randomUUID(),
    kind: 'cash',
    location_id: locations[0]!.id,
    lines: [{ product_id: rice.id, quantity: 1_000 }],
    tendered: 20_000,
  });
  await page.goto(`${url()}/dashboard`);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(list).toHaveCount(0);
  // The sale is on the chart now, and Rice is a top product.
  await expect(page.getByTestId('dashboard-chart').getByTestId('chart-empty')).toHaveCount(0);
  await expect(page.getByTestId('dash-top')).toContainText('1 sold');
});
