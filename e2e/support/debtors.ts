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

/** The cash debtor payments of a location's business day (voids and pay-outs net), from the day's page. */
export async function cashDebtorPaymentsOf(api: APIRequestContext, location: string, day: string) {
  const res = await api.get(`/api/daily-sales?location_id=${location}&day=${day}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { totals: { cash_debtor_payments: number } }).totals.cash_debtor_payments;
}
