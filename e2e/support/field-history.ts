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

export interface Loss {
  docType: 'debtor' | 'user';
  docId: string;
  field: string;
  value: object;
  won: object;
  reason?: 'concurrent' | 'unique';
}

/** Writes the losses as a merge on this server would, the winners stamped here. */
export function writeLosses(losses: Loss[]): void {
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
