import type { Debtor, debtorsQuerySchema } from '@duka/domain';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Database, DebtorRow } from '../../db/tables.js';
import { notFound } from '../../lib/errors.js';
import { businessDebtors, businessOwed, owedSum } from './debtors-owed.js';

type Q = Kysely<Database>;

export function debtorSearchKey(d: { name: string; phone: string; id_number: string }): string {
  return `${d.name} ${d.phone.replace(/\s+/g, '')} ${d.id_number}`.toLowerCase();
}

export function toDebtor(row: DebtorRow): Debtor {
  const balance = Number(row.balance);
  const limit = Number(row.credit_limit);
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    id_number: row.id_number,
    credit_limit: limit,
    balance,
    available: Math.max(0, limit - balance),
    active: row.active === 1,
    note: row.note,
    last_activity_at: row.last_activity_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function findDebtor(db: Q, businessId: string, id: string): Promise<Debtor> {
  const row = await db
    .selectFrom('debtors')
    .selectAll()
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Debtor');
  return toDebtor(row);
}

export async function listDebtors(db: Q, businessId: string, f: z.output<typeof debtorsQuerySchema>) {
  let q = businessDebtors(db, businessId);
  if (f.include_inactive !== 'true') q = q.where('active', '=', 1);
  if (f.q) {
    const like = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(sql<boolean>`search_key like ${like} escape '\\'`);
  }
  if (f.owing === 'true') q = q.where('balance', '>', 0);
  if (f.over_limit === 'true') q = q.where(sql<boolean>`balance > credit_limit`);
  // Available credit is what `toDebtor` shows: the limit less the balance, never below zero.
  const sortBy = {
    name: sql`lower(name)`,
    balance: sql`balance`,
    credit_limit: sql`credit_limit`,
    available: sql`case when credit_limit > balance then credit_limit - balance else 0 end`,
  }[f.sort];
  const [rows, agg] = await Promise.all([
    q
      .selectAll()
      .orderBy(sortBy, f.dir)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    q
      // Owed by the listed debtors, and by every debtor of the business (inactive ones too, which
      // the list hides by default) as the dashboard counts it: one statement.
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        owedSum(eb).as('owed'),
        businessOwed(db, businessId).as('all_owed'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(toDebtor),
    total_count: Number(agg.n),
    total_balance: Number(agg.owed ?? 0),
    all_owed: Number(agg.all_owed ?? 0),
  };
}
