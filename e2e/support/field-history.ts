import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type Page, expect } from '@playwright/test';

/**
 * Values a sync merge replaced (ADR 11 §11.1), written into the local server's SQLite database the
 * way a merge writes them: a merge needs two servers, the e2e run has one.
 */

/** A stamp as servers write them: 15 digits of ms, a 6-digit counter, the server's id. */
const stamp = (iso: string, serverId: string) =>
  `${String(Date.parse(iso)).padStart(15, '0')}.000000.${serverId}`;

/** The table of each record type the e2e runs seed; a business's own id is its business. */
const TABLES = {
  debtor: 'debtors',
  user: 'users',
  location: 'locations',
  business: 'businesses',
  payment_provider: 'payment_providers',
  expense_category: 'expense_categories',
} as const;

/** A server of the business that is not this one (its stamps read "another server"). */
const OTHER_SERVER = '0193c000-0000-7000-8000-0000000b7a2b';

export interface Loss {
  docType: keyof typeof TABLES;
  docId: string;
  field: string;
  value: object;
  won: object;
  reason?: 'concurrent' | 'unique';
}

/**
 * Writes the losses as a merge on this server would, the winners stamped here. `self` in a value
 * is replaced by this server's id (a location's home server that won here).
 */
export function writeLosses(losses: Loss[]): void {
  const db = new Database(path.join(process.env.DUKA_E2E_DATA_DIR!, 'duka.sqlite'));
  try {
    const self = (db.prepare('SELECT id FROM server_identity').get() as { id: string }).id;
    const insert = db.prepare(
      `INSERT INTO field_history (id, business_id, doc_type, doc_id, field, value, stamp, won_value, lost_to, reason, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const withSelf = (v: object) => JSON.stringify(v).replaceAll('"self"', JSON.stringify(self));
    for (const l of losses) {
      const scope = l.docType === 'business' ? 'id' : 'business_id';
      const { business_id } = db
        .prepare(`SELECT ${scope} AS business_id FROM ${TABLES[l.docType]} WHERE id = ?`)
        .get(l.docId) as { business_id: string };
      insert.run(
        randomUUID(),
        business_id,
        l.docType,
        l.docId,
        l.field,
        withSelf(l.value),
        stamp('2026-11-25T07:02:00Z', OTHER_SERVER),
        withSelf(l.won),
        stamp('2026-11-25T07:05:00Z', self),
        l.reason ?? 'concurrent',
        '2026-11-25T07:06:00.000Z',
      );
    }
  } finally {
    db.close();
  }
}

/** Opens a debtor's drawer from the address, on its "Replaced values" tab; answers the list. */
export async function openDebtorHistory(page: Page, id: string) {
  await page.goto(`/debtors?debtor=${id}`);
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('tab', { name: 'Replaced values' }).click();
  const list = drawer.getByTestId('merge-history');
  await expect(list).toBeVisible();
  return list;
}

/**
 * A debtor and a staff user of this run, each with values a merge replaced: the debtor's credit
 * limit and phone, the user's name and password (whose hash must never be shown).
 */
export async function seedReplacedValues(page: Page) {
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
  return { debtor, user };
}

/**
 * A location of this run and the business, each with values a merge replaced: the location's name
 * and its home server (lost to this server), the business's phone, default credit limit, a switch
 * and its payment details.
 */
export async function seedSettingsReplacedValues(page: Page) {
  const tag = Date.now().toString(36).slice(-5);
  const locationRes = await page.request.post('/api/locations', { data: { name: `Store room ${tag}` } });
  expect(locationRes.status(), await locationRes.text()).toBe(201);
  const location = (await locationRes.json()) as { id: string; name: string };
  const profileRes = await page.request.get('/api/business/profile');
  expect(profileRes.status()).toBe(200);
  const business = (await profileRes.json()) as { id: string; phone: string; default_credit_limit: number };
  writeLosses([
    {
      docType: 'location',
      docId: location.id,
      field: 'name',
      value: { name: `Stoer room ${tag}` },
      won: { name: location.name },
    },
    {
      docType: 'location',
      docId: location.id,
      field: 'home_server_id',
      value: { home_server_id: OTHER_SERVER },
      won: { home_server_id: 'self' },
    },
    {
      docType: 'business',
      docId: business.id,
      field: 'phone',
      value: { phone: '0700999888' },
      won: { phone: business.phone },
    },
    {
      docType: 'business',
      docId: business.id,
      field: 'default_credit_limit',
      value: { default_credit_limit: 250_000 },
      won: { default_credit_limit: business.default_credit_limit },
    },
    {
      docType: 'business',
      docId: business.id,
      field: 'allow_negative_stock',
      value: { allow_negative_stock: 1 },
      won: { allow_negative_stock: 0 },
    },
    {
      docType: 'business',
      docId: business.id,
      field: 'payment_details',
      value: { payment_details: JSON.stringify({ mpesa_paybill: '400200', mpesa_account: tag }) },
      won: { payment_details: JSON.stringify({}) },
    },
  ]);
  return { location, business, tag };
}

/** Opens a location's rename dialog; answers its "Replaced values" section. */
export async function openLocationHistory(page: Page, name: string) {
  await page.goto('/locations');
  await page.getByTestId(`location-row-${name}`).getByRole('button', { name: 'Rename' }).click();
  const section = page
    .getByRole('dialog', { name: 'Rename' })
    .getByRole('region', { name: 'Replaced values' });
  await expect(section.getByTestId('merge-history')).toBeVisible();
  return section;
}

/** Opens the business profile; answers its "Replaced values" card, scrolled into view. */
export async function openBusinessHistory(page: Page) {
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Replaced values' });
  await expect(section.getByTestId('merge-history')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** A payment provider and an expense category of this run, each with a name a merge replaced. */
export async function seedListReplacedValues(page: Page) {
  const tag = Date.now().toString(36).slice(-5);
  const providerRes = await page.request.post('/api/payment-providers', {
    data: { name: `Stima Pay ${tag}`, kind: 'bank' },
  });
  expect(providerRes.status(), await providerRes.text()).toBe(201);
  const provider = (await providerRes.json()) as { id: string; name: string };
  const categoryRes = await page.request.post('/api/expense-categories', {
    data: { name: `Shop rent ${tag}` },
  });
  expect(categoryRes.status(), await categoryRes.text()).toBe(201);
  const category = (await categoryRes.json()) as { id: string; name: string };
  writeLosses([
    {
      docType: 'payment_provider',
      docId: provider.id,
      field: 'kind',
      value: { kind: 'mobile_money' },
      won: { kind: 'bank' },
    },
    {
      docType: 'expense_category',
      docId: category.id,
      field: 'name',
      value: { name: `Shop rents ${tag}` },
      won: { name: category.name },
    },
  ]);
  return { provider, category };
}
