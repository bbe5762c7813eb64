import path from 'node:path';
import Database from 'better-sqlite3';
import { type Page, expect, test } from '@playwright/test';
import { ADMIN, apiLoginInPage, ensureSetup } from './support/fixtures';
import { setScheme } from './support/screens';

/**
 * A debtor's and a user's values replaced by a sync merge (ADR 11 §11.1), as the owner reads them.
 * A merge needs two servers, so the losses are written into this server's database the way a
 * merge writes them (`field_history`); the route, the drawers and their words are the real ones.
 * The debtor's tab is shot in light and dark, on a shop PC and a phone, to /tmp/shots-replaced.
 */
test.beforeAll(ensureSetup);

const SIZES = [
  { name: 'wide', width: 1366, height: 768 },
  { name: 'narrow', width: 390, height: 844 },
] as const;

/** A stamp as servers write them: 15 digits of ms, a 6-digit counter, the server's id. */
const stamp = (iso: string, serverId: string) =>
  `${String(Date.parse(iso)).padStart(15, '0')}.000000.${serverId}`;

interface Loss {
  docType: 'debtor' | 'user';
  docId: string;
  field: string;
  value: object;
  won: object;
  reason?: 'concurrent' | 'unique';
}

/** Writes the losses as a merge on this server would, the winners stamped here. */
function writeLosses(losses: Loss[]): void {
  const db = new Database(path.join(process.env.DUKA_E2E_DATA_DIR!, 'duka.sqlite'));
  try {
    const self = (db.prepare('SELECT id FROM server_identity').get() as { id: string }).id;
    const insert = db.prepare(
      `INSERT INTO field_history (id, business_id, doc_type, doc_id, field, value, stamp, won_value, lost_to, reason, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const [i, l] of losses.entries()) {
      const table = l.docType === 'debtor' ? 'debtors' : 'users';
      const { business_id } = db.prepare(`SELECT business_id FROM ${table} WHERE id = ?`).get(l.docId) as {
        business_id: string;
      };
      insert.run(
        `${l.docId.slice(0, 24)}${String(i).padStart(12, '0')}`,
        business_id,
        l.docType,
        l.docId,
        l.field,
        JSON.stringify(l.value),
        stamp('2026-11-25T07:02:00Z', '0193c000-0000-7000-8000-0000000b7a2b'),
        JSON.stringify(l.won),
        stamp('2026-11-25T07:05:00Z', self),
        l.reason ?? 'concurrent',
        '2026-11-25T07:06:00.000Z',
      );
    }
  } finally {
    db.close();
  }
}

async function openDebtorHistory(page: Page, id: string) {
  await page.goto(`/debtors?debtor=${id}`);
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('tab', { name: 'Replaced values' }).click();
  return drawer.getByTestId('merge-history');
}

test('the owner reads what a sync replaced on a debtor and on a user', async ({ page }) => {
  test.setTimeout(150_000);
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  const tag = Date.now().toString(36).slice(-5);
  const debtorRes = await page.request.post('/api/debtors', {
    data: { name: `Juma Otieno ${tag}`, phone: '0722000111', credit_limit: 100_000 },
  });
  expect(debtorRes.status(), await debtorRes.text()).toBe(201);
  const debtor = (await debtorRes.json()) as { id: string };
  const userRes = await page.request.post('/api/users', {
    data: {
      name: `Akinyi ${tag}`,
      username: `akinyi${tag}`,
      password: 'staff-pass-123',
      role: 'staff',
      user_roles: {},
    },
  });
  expect(userRes.status(), await userRes.text()).toBe(201);
  const user = (await userRes.json()) as { id: string; name: string };
  writeLosses([
    {
      docType: 'debtor',
      docId: debtor.id,
      field: 'credit_limit',
      value: { credit_limit: 50_000 },
      won: { credit_limit: 100_000 },
    },
    {
      docType: 'debtor',
      docId: debtor.id,
      field: 'phone',
      value: { phone: '0700123456' },
      won: { phone: '0722000111' },
    },
    {
      docType: 'user',
      docId: user.id,
      field: 'name',
      value: { name: 'Akinyi W.' },
      won: { name: user.name },
    },
    {
      docType: 'user',
      docId: user.id,
      field: 'password_hash',
      value: { password_hash: 'scrypt$lost' },
      won: { password_hash: 'scrypt$won' },
    },
  ]);

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

  // In light and dark, on a shop PC and a phone.
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      const shown = await openDebtorHistory(page, debtor.id);
      await expect(shown).toContainText('was replaced by');
      await shown.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/shots-replaced/debtor-${scheme}-${size.name}.png` });
    }
  }
  await page.goto('/users');
  await page
    .getByRole('button', { name: `Actions for ${user.name}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Edit user' }).click();
  const userSection = page
    .getByRole('dialog', { name: 'Edit user' })
    .getByRole('region', { name: 'Replaced values' });
  await userSection.scrollIntoViewIfNeeded();
  await expect(userSection).toContainText('Password (hidden)');
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/shots-replaced/user-dark-narrow.png' });
});
