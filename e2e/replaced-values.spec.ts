import { expect, test } from '@playwright/test';
import {
  openBusinessHistory,
  openDebtorHistory,
  openLocationHistory,
  seedReplacedValues,
  seedSettingsReplacedValues,
} from './support/field-history';
import { ADMIN, apiLoginInPage, ensureSetup } from './support/fixtures';

/**
 * A debtor's and a user's values replaced by a sync merge (ADR 11 §11.1), as the owner reads them.
 * A merge needs two servers, so the losses are written into this server's database the way a
 * merge writes them (`field_history`); the route, the drawers and their words are the real ones.
 */
test.beforeAll(ensureSetup);

test('the owner reads what a sync replaced on a debtor and on a user', async ({ page }) => {
  test.setTimeout(90_000);
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  const { debtor, user } = await seedReplacedValues(page);

  // The debtor: a tab of their drawer, each replaced value in words.
  const list = await openDebtorHistory(page, debtor.id);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText(
    /Credit limit .*500\.00 set on another server at .+ was replaced by .*1,000\.00 set here at/,
  );
  await expect(list).toContainText(
    /Phone 0700123456 set on another server at .+ was replaced by 0722000111 set here/,
  );

  // The user: under their edit form; the password only said to have changed, never its hash.
  await page.goto('/users');
  await page
    .getByRole('button', { name: `Actions for ${user.name}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Edit user' }).click();
  const form = page.getByRole('dialog', { name: 'Edit user' });
  const section = form.getByRole('region', { name: 'Replaced values' });
  await section.scrollIntoViewIfNeeded();
  await expect(section).toContainText(
    new RegExp(`Name Akinyi W\\. set on another server at .+ was replaced by ${user.name} set here`),
  );
  await expect(section).toContainText(
    /Password \(hidden\) set on another server at .+ was replaced by \(hidden\)/,
  );
  await expect(section).not.toContainText('scrypt');
});

test('the owner reads what a sync replaced on a location and in the business settings', async ({ page }) => {
  test.setTimeout(90_000);
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  const { location, tag } = await seedSettingsReplacedValues(page);

  // The location: under its rename dialog, its home server by name ("this server"), never an id.
  const section = await openLocationHistory(page, location.name);
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await expect(section).toContainText(
    new RegExp(
      `Location name Stoer room ${tag} set on another server at .+ was replaced by ${location.name} set here`,
    ),
  );
  await expect(section).toContainText(
    /Counted and closed on another server set on another server at .+ was replaced by this server set here/,
  );
  await expect(section).not.toContainText('0193c000');
  // Adding a location shows no history.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Add location' }).click();
  await expect(page.getByRole('dialog', { name: 'Add location' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Replaced values' })).toHaveCount(0);

  // The business: a card of the profile, money formatted, a switch as yes or no, payment details by label.
  const card = await openBusinessHistory(page);
  await expect(card).toContainText(/Phone 0700999888 set on another server at .+ was replaced by/);
  await expect(card).toContainText(
    /Credit limit for new debtors .*2,500\.00 set on another server at .+ was replaced by .*\d\.\d\d set here/,
  );
  await expect(card).toContainText(
    /Allow selling more than is in stock yes set on another server at .+ was replaced by no set here/,
  );
  await expect(card).toContainText(
    new RegExp(
      `Payment details printed on receipts M-Pesa paybill 400200, Paybill account ${tag} set on another server at .+ was replaced by none set here`,
    ),
  );
});
