/**
 * Values that must stay unique in a business (ADR 11 §11.1): a product's code and barcodes, a
 * user's name and mobile. Two servers apart may give one value to two records; after a merge the
 * earlier claim (the smaller stamp of the field group, then the smaller id) keeps it, and each later
 * one gets a replacement made only from what every server knows (`code-<last 4 of its id>`, the
 * barcode dropped, `username-<last 4>`, no mobile) with a stamp just past its claim. So every server
 * resolves the same way, in any order of arrival, without writing anything of its own.
 */
import { type Stamp, compareStamps, formatStamp, nextStamp } from '@duka/domain';
import { sql } from 'kysely';
import type { Trx } from '../../lib/tx.js';
import type { DialectName } from '../../db/dialect.js';
import type { DocBody } from './doc-specs.js';
import { type AnyDb, chunks } from './documents.js';
import { GROUPS_BY_TYPE } from './field-groups.js';
import { recordLosses } from './history.js';
import { BASE, groupStamp, readStamps } from './merge.js';

type Row = Record<string, unknown>;

/** A product or user as it will be once the batch is written. */
export interface Final {
  type: string;
  id: string;
  body: DocBody;
}

interface Claimant {
  id: string;
  stamp: Stamp;
  row: Row;
  /** Present for a record of the batch (changed in memory), absent for a stored one (updated). */
  final?: Final;
}

interface ScalarClaim {
  type: string;
  table: string;
  column: string;
  group: string;
  /** The columns a loser gets. */
  replace: (row: Row) => Row;
}

const last4 = (id: string): string => id.replace(/-/g, '').slice(-4);

const SCALARS: readonly ScalarClaim[] = [
  {
    type: 'product',
    table: 'products',
    column: 'code',
    group: 'code',
    replace: (r) => ({ code: `${String(r.code)}-${last4(String(r.id))}` }),
  },
  {
    type: 'user',
    table: 'users',
    column: 'username_key',
    group: 'username',
    replace: (r) => {
      const username = `${String(r.username)}-${last4(String(r.id))}`;
      return { username, username_key: username.toLowerCase() };
    },
  },
  { type: 'user', table: 'users', column: 'mobile', group: 'mobile', replace: () => ({ mobile: null }) },
];

const byClaim = (a: Claimant, b: Claimant): number =>
  compareStamps(a.stamp, b.stamp) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The loser's new stamps: the group just past its claim, remembering the claim it replaced. */
function stampsAfterLoss(row: Row, group: string, claim: Stamp): { stamps: string; stamp: Stamp } {
  const stamps = readStamps(row);
  const stamp = nextStamp(claim, '');
  stamps[group] = formatStamp(stamp);
  stamps[BASE + group] = formatStamp(claim);
  const sorted = Object.fromEntries(Object.entries(stamps).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { stamps: JSON.stringify(sorted), stamp };
}

interface Ctx {
  trx: Trx;
  businessId: string;
  at: string;
  dialect: DialectName;
}

/** Gives a losing claimant its replacement, in memory (batch) or in the database (stored). */
async function lose(c: Ctx, claim: ScalarClaim, loser: Claimant): Promise<void> {
  const spec = GROUPS_BY_TYPE.get(claim.type)!;
  const after = stampsAfterLoss(loser.row, claim.group, loser.stamp);
  const replaced = claim.replace(loser.row);
  const lost: Row = {};
  for (const k of Object.keys(replaced)) lost[k] = loser.row[k] ?? null;
  const set: Row = { ...replaced, stamps: after.stamps };
  Object.assign(set, spec.derive?.({ ...loser.row, ...set }) ?? {});
  if (loser.final) Object.assign(loser.row, set);
  else
    await (c.trx as unknown as AnyDb)
      .updateTable(claim.table)
      .set(set)
      .where('id', '=', loser.id)
      .where('business_id', '=', c.businessId)
      .execute();
  const loss = {
    field: claim.group,
    value: lost,
    stamp: formatStamp(loser.stamp),
    wonValue: replaced,
    lostTo: formatStamp(after.stamp),
  };
  await recordLosses(c.trx, c.dialect, c.businessId, claim.type, loser.id, [loss], 'unique', c.at);
}

/** Stored records (not in the batch) holding one of the values. */
async function storedHolders(
  c: Ctx,
  claim: ScalarClaim,
  values: string[],
  skip: Set<string>,
): Promise<Row[]> {
  const out: Row[] = [];
  for (const slice of chunks(values, 500)) {
    const rows = (await (c.trx as unknown as AnyDb)
      .selectFrom(sql.table(claim.table).as('t'))
      .selectAll('t')
      .where(sql.ref(`t.${claim.column}`), 'in', slice)
      .where(sql.ref('t.business_id'), '=', c.businessId)
      .execute()) as Row[];
    out.push(...rows.filter((r) => !skip.has(String(r.id))));
  }
  return out;
}

async function resolveScalar(c: Ctx, claim: ScalarClaim, finals: Final[]): Promise<void> {
  const mine = finals.filter((f) => f.type === claim.type);
  if (mine.length === 0) return;
  const holders = new Map<string, Claimant[]>();
  const add = (value: unknown, cl: Claimant) => {
    if (typeof value !== 'string' || value === '') return;
    holders.set(value, [...(holders.get(value) ?? []), cl]);
  };
  for (const f of mine) {
    const row = f.body[claim.table]![0]!;
    add(row[claim.column], { id: f.id, stamp: groupStamp(readStamps(row), claim.group, row), row, final: f });
  }
  const stored = await storedHolders(c, claim, [...holders.keys()], new Set(mine.map((f) => f.id)));
  for (const row of stored)
    add(row[claim.column], { id: String(row.id), stamp: groupStamp(readStamps(row), claim.group, row), row });
  for (const list of holders.values()) {
    if (list.length < 2) continue;
    const [, ...losers] = [...list].sort(byClaim);
    for (const loser of losers) await lose(c, claim, loser);
  }
}

/** A product's barcodes: each barcode stays with the product whose barcodes group claimed it first. */
async function resolveBarcodes(c: Ctx, finals: Final[]): Promise<void> {
  const mine = finals.filter((f) => f.type === 'product');
  if (mine.length === 0) return;
  const claimants = new Map<string, Claimant>();
  const holders = new Map<string, Claimant[]>();
  const add = (barcode: string, cl: Claimant) => holders.set(barcode, [...(holders.get(barcode) ?? []), cl]);
  for (const f of mine) {
    const row = f.body.products![0]!;
    const cl: Claimant = { id: f.id, stamp: groupStamp(readStamps(row), 'barcodes', row), row, final: f };
    claimants.set(f.id, cl);
    for (const b of f.body.product_barcodes ?? []) add(String(b.barcode), cl);
  }
  const k = c.trx as unknown as AnyDb;
  const skip = new Set(mine.map((f) => f.id));
  for (const slice of chunks([...holders.keys()], 500)) {
    const rows = await k
      .selectFrom('product_barcodes as b')
      .innerJoin('products as p', (j) =>
        j.onRef('p.id', '=', 'b.product_id').onRef('p.business_id', '=', 'b.business_id'),
      )
      .selectAll('p')
      .select('b.barcode as claimed_barcode')
      .where('b.barcode', 'in', slice)
      .where('b.business_id', '=', c.businessId)
      .execute();
    for (const r of rows as Row[]) {
      if (skip.has(String(r.id))) continue;
      const { claimed_barcode: barcode, ...row } = r;
      const cl = claimants.get(String(row.id)) ?? {
        id: String(row.id),
        stamp: groupStamp(readStamps(row), 'barcodes', row),
        row,
      };
      claimants.set(cl.id, cl);
      add(String(barcode), cl);
    }
  }
  const lost = new Map<string, { loser: Claimant; barcodes: string[] }>();
  for (const [barcode, list] of holders) {
    if (list.length < 2) continue;
    for (const loser of [...list].sort(byClaim).slice(1)) {
      const entry = lost.get(loser.id) ?? { loser, barcodes: [] };
      entry.barcodes.push(barcode);
      lost.set(loser.id, entry);
    }
  }
  for (const { loser, barcodes } of lost.values()) await dropBarcodes(c, loser, barcodes);
}

async function dropBarcodes(c: Ctx, loser: Claimant, barcodes: string[]): Promise<void> {
  const after = stampsAfterLoss(loser.row, 'barcodes', loser.stamp);
  const k = c.trx as unknown as AnyDb;
  let had: string[];
  if (loser.final) {
    const body = loser.final.body;
    had = (body.product_barcodes ?? []).map((b) => String(b.barcode));
    body.product_barcodes = (body.product_barcodes ?? []).filter(
      (b) => !barcodes.includes(String(b.barcode)),
    );
    loser.row.stamps = after.stamps;
  } else {
    had = (
      await k
        .selectFrom('product_barcodes')
        .select('barcode')
        .where('business_id', '=', c.businessId)
        .where('product_id', '=', loser.id)
        .execute()
    ).map((r) => String(r.barcode));
    await k
      .deleteFrom('product_barcodes')
      .where('business_id', '=', c.businessId)
      .where('product_id', '=', loser.id)
      .where('barcode', 'in', barcodes)
      .execute();
    await k
      .updateTable('products')
      .set({ stamps: after.stamps })
      .where('business_id', '=', c.businessId)
      .where('id', '=', loser.id)
      .execute();
  }
  const kept = had.filter((b) => !barcodes.includes(b)).sort();
  await recordLosses(
    c.trx,
    c.dialect,
    c.businessId,
    'product',
    loser.id,
    [
      {
        field: 'barcodes',
        value: { barcodes: [...had].sort() },
        stamp: formatStamp(loser.stamp),
        wonValue: { barcodes: kept },
        lostTo: formatStamp(after.stamp),
      },
    ],
    'unique',
    c.at,
  );
}

/** Resolves every unique value the batch's products and users claim (see the top of this file). */
export async function resolveClaims(c: Ctx, finals: Final[]): Promise<void> {
  for (const claim of SCALARS) await resolveScalar(c, claim, finals);
  await resolveBarcodes(c, finals);
}
