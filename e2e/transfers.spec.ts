import { seriousAxeFindings } from './support/axe';
import { type Page, expect, test } from '@playwright/test';
import { ADMIN, STAFF_PASSWORD, adminApi, apiLoginInPage, createUser, ensureSetup } from './support/fixtures';
import { mainLocation, stockedProduct, seedProvider, seedSale, seedReversal, kes } from './support/seed';

test.beforeAll(ensureSetup);

const RUN = Date.now().toString(36).slice(-5).toUpperCase();

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('transfers (/transfers)', () => {
  test('a transfer sale appears; the admin confirms it and the totals move; a refund shows negative', async ({
    page,
    browser,
  }) => {
    const api = await adminApi();
    const location = await mainLocation(api);
    const product = await stockedProduct(
      api,
      { name: `Soap ${RUN}`, code: `SP${RUN}`, price: 25000 },
      location,
      10,
    );
    const provider = await seedProvider(api, `Airtel ${RUN}`);
    const ref = `TX${RUN}A`;
    const sale = await seedSale(api, {
      kind: 'transfer',
      location_id: location,
      provider_id: provider.id,
      reference: ref,
      lines: [{ product_id: product.id, units: 4 }],
    });
    expect(sale.total).toBe(100000);
    const staff = await createUser(api, { name: `Njeri ${RUN}` });

    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/transfers');
    await expect(page.getByRole('heading', { name: 'Transfers', level: 1 })).toBeVisible();
    await pick(page, 'Provider', provider.name);
    const row = page.getByTestId(`transfer-row-${ref}`);
    await expect(row).toContainText(kes('1,000.00'));
    await expect(row).toContainText('Sale');
    await expect(row).toContainText(`#${sale.receipt_no}`);
    await expect(row).toContainText(ADMIN.name);
    await expect(page.getByTestId('kpi-unconfirmed')).toContainText(kes('1,000.00'));
    await expect(page.getByTestId('kpi-unconfirmed')).toContainText('Transfers: 1');
    await expect(page.getByTestId('kpi-confirmed')).toContainText(kes('0.00'));

    // Search by receipt number finds it too.
    await page.getByLabel('Search by reference or receipt number').fill(sale.receipt_no);
    await expect(row).toBeVisible();
    await page.getByLabel('Search by reference or receipt number').fill('');

    await row.getByRole('button', { name: `Confirm transfer ${ref}` }).click();
    await expect(page.getByText(`Transfer ${ref} of KES`)).toBeVisible();
    await expect(page.getByTestId(`confirmed-${ref}`)).toContainText(`by ${ADMIN.name}`);
    await expect(page.getByTestId('kpi-confirmed')).toContainText(kes('1,000.00'));
    await expect(page.getByTestId('kpi-unconfirmed')).toContainText(kes('0.00'));

    // A refund of one unit shows as a negative refund.
    await seedReversal(api, sale.id, [{ line_no: 1, units: 1 }], `RF${RUN}`);
    await page.reload();
    await pick(page, 'Provider', provider.name);
    const refund = page.getByTestId(`transfer-row-RF${RUN}`);
    await expect(refund).toContainText('Refund');
    await expect(refund).toContainText(/-KES\s?250\.00|KES\s?-250\.00|−KES\s?250\.00/);
    await expect(page.getByTestId('kpi-unconfirmed')).toContainText(
      /-KES\s?250\.00|KES\s?-250\.00|−KES\s?250\.00/,
    );
    await pick(page, 'Status', 'Not confirmed');
    await expect(page.getByTestId(`transfer-row-${ref}`)).toHaveCount(0);
    await expect(refund).toBeVisible();

    // Staff see the register but cannot confirm.
    const ctx = await browser.newContext();
    const staffPage = await ctx.newPage();
    await apiLoginInPage(staffPage, staff, STAFF_PASSWORD, 'E2ETRANSFERSTAFF');
    await staffPage.goto('/transfers');
    await expect(staffPage.getByText('An admin confirms each transfer')).toBeVisible();
    await expect(staffPage.getByRole('tab', { name: 'Providers' })).toHaveCount(0);
    await pick(staffPage, 'Provider', provider.name);
    await expect(staffPage.getByTestId(`transfer-row-RF${RUN}`)).toContainText('Not confirmed');
    await expect(staffPage.getByRole('button', { name: /^Confirm transfer/ })).toHaveCount(0);
    const list = (await (
      await staffPage.request.get(`/api/transfers?provider_id=${provider.id}`)
    ).json()) as {
      items: { id: string; confirmed_at: string | null }[];
    };
    const open = list.items.find((x) => !x.confirmed_at)!;
    expect((await staffPage.request.post(`/api/transfers/${open.id}/confirm`)).status()).toBe(403);
    await ctx.close();
    await api.dispose();
  });

  test('the admin keeps the providers: add, rename, deactivate with a confirmation', async ({ page }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/transfers');
    await page.getByRole('tab', { name: 'Providers' }).click();
    await page.getByLabel('Provider name').fill(`Equity ${RUN}`);
    await pick(page, 'Kind', 'Bank');
    await page.getByRole('button', { name: 'Add provider' }).click();
    await expect(page.getByText(`Provider Equity ${RUN} added`)).toBeVisible();
    const row = page.getByTestId(`providers-Equity ${RUN}`);
    await expect(row).toContainText('Bank');
    // The same name again is refused next to the field.
    await page.getByLabel('Provider name').fill(`equity ${RUN}`);
    await page.getByRole('button', { name: 'Add provider' }).click();
    await expect(page.getByText('A provider with this name is already on the list.')).toBeVisible();

    await row.getByRole('button', { name: `Rename Equity ${RUN}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit' });
    await edit.getByLabel(/^Provider name/).fill(`Equity Bank ${RUN}`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Provider Equity Bank ${RUN} saved`)).toBeVisible();

    const renamed = page.getByTestId(`providers-Equity Bank ${RUN}`);
    await renamed.getByRole('button', { name: `Deactivate Equity Bank ${RUN}` }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate Equity Bank ${RUN}?` });
    await expect(confirm).toContainText('will no longer be offered');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText(`Provider Equity Bank ${RUN} deactivated`)).toBeVisible();
    await expect(renamed).toContainText('Inactive');
  });

  test('passes axe (register and providers)', async ({ page }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/transfers');
    await expect(page.getByTestId('kpi-confirmed')).toBeVisible();
    await expect(page.getByTestId('transfers-loading')).toHaveCount(0);
    const serious = (where: string) => seriousAxeFindings(page, where);
    expect(await serious('/transfers')).toEqual([]);
    await page.getByRole('tab', { name: 'Providers' }).click();
    await expect(page.getByTestId('providers')).toBeVisible();
    expect(await serious('providers')).toEqual([]);
  });
});
