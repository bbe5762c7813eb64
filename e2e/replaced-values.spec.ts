import { expect, test } from '@playwright/test';
import { openDebtorHistory, seedReplacedValues } from './support/field-history';
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
