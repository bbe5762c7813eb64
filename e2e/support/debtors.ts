import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';

/** A debtor's drawer, opened from /debtors by a search for the name: a row on a PC, a card on a phone. */
export async function openDebtor(page: Page, name: string): Promise<Locator> {
  await page.goto('/debtors');
  await expect(page.getByRole('heading', { name: 'Debtors' })).toBeVisible();
  await page.getByLabel('Search by name, phone or ID number').fill(name);
  await page
    .getByTestId(`debtor-row-${name}`)
    .or(page.getByTestId(`debtor-card-${name}`))
    .click();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  return page.getByRole('dialog', { name });
}

/**
 * The cash debtors brought into the drawer on a location's business day, from the day's page: their
 * cash payments (net of voids) less the credit paid out to them.
 */
export async function cashDebtorPaymentsOf(api: APIRequestContext, location: string, day: string) {
  const res = await api.get(`/api/daily-sales?location_id=${location}&day=${day}`);
  expect(res.status(), await res.text()).toBe(200);
  const { totals } = (await res.json()) as {
    totals: { cash_debtor_payments: number; cash_debtor_payouts: number };
  };
  return totals.cash_debtor_payments - totals.cash_debtor_payouts;
}
