/**
 * The merge of two versions of an edited record (ADR 11 §11.1), field group by field group: the
 * larger stamp wins (ms, counter, server id), equal stamps (only rows from before stamps) by the
 * larger value, so every server picks the same winner in any order of arrival. The result keeps
 * each group's winning stamp, so merging it again with a third version gives what merging the
 * three in any other order gives.
 */
import { type Stamp, compareStamps, fallbackStamp, formatStamp, parseStamp } from '@duka/domain';
import { canonical } from '../../lib/canonical.js';
import type { DocBody } from './doc-specs.js';
import { type GroupSpec, groupsOf } from './field-groups.js';

type Row = Record<string, unknown>;
export type Stamps = Record<string, string>;

/** The key of the stamp holding the creation. */
export const CREATED = '$created';
/** `^group` holds the stamp a group's value replaced when it was written (what its writer had seen). */
export const BASE = '^';
/**
 * `!group` holds the group's own stamp when its value was kept by the server that wrote it against
 * a value a sync brought (kept-values.ts: a unit or a deactivation its stock refused): such a
 * value is never refused back. It travels with the value that won, and goes when the group is
 * written again.
 */
export const KEPT = '!';

/** A record's stamps (its `stamps` column); anything unreadable counts as none. */
export function readStamps(row: Row | undefined): Stamps {
  const text = row?.stamps;
  if (typeof text !== 'string' || text === '') return {};
  try {
    const v: unknown = JSON.parse(text);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(
      Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** The time a row without stamps counts as written at. */
export function rowTime(row: Row): string | null {
  for (const c of ['updated_at', 'closed_at', 'started_at', 'created_at']) {
    const v = row[c];
    if (typeof v === 'string' && v !== '') return v;
  }
  return null;
}

const parsed = (text: string | undefined): Stamp | null => (text ? parseStamp(text) : null);

/** What a group of a row with these stamps counts as stamped with: its own, the creation, or the row's time. */
export function groupStamp(stamps: Stamps, group: string, row: Row): Stamp {
  return parsed(stamps[group]) ?? parsed(stamps[CREATED]) ?? fallbackStamp(rowTime(row));
}

/** The value of a group in a document body: its columns of the main row, and its child sets. */
export function groupValue(members: readonly string[], main: Row, body: DocBody): Row {
  const out: Row = {};
  for (const m of members) out[m] = m.startsWith('@') ? (body[m.slice(1)] ?? []) : (main[m] ?? null);
  return out;
}

/** A value that lost a merge of two servers' edits. */
export interface Loss {
  field: string;
  value: Row;
  stamp: string;
  wonValue: Row;
  lostTo: string;
}

interface Side {
  row: Row;
  body: DocBody;
  stamps: Stamps;
}

/** Whether the loser's value is one its winner was written without seeing (a concurrent edit). */
function concurrent(loser: Stamp, winner: Stamp, winnerBase: Stamp | null): boolean {
  if (loser.serverId === '' || loser.serverId === winner.serverId) return false;
  return !winnerBase || compareStamps(winnerBase, loser) < 0;
}

function later(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a >= b ? a : b;
}

/** The stamps of the merged row, holding a group's stamp only where it is not the row's default. */
function normalise(stamps: Stamps, created: string | undefined, row: Row): Stamps {
  const out: Stamps = {};
  if (created) out[CREATED] = created;
  const fallback = parsed(created) ?? fallbackStamp(rowTime(row));
  for (const [k, v] of Object.entries(stamps)) {
    const s = k === CREATED || k.startsWith(BASE) || k.startsWith(KEPT) ? null : parsed(v);
    if (s && compareStamps(s, fallback) !== 0) out[k] = v;
  }
  for (const [k, v] of Object.entries(stamps))
    if ((k.startsWith(BASE) || k.startsWith(KEPT)) && k.slice(1) in out) out[k] = v;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export interface Merged {
  body: DocBody;
  losses: Loss[];
}

/**
 * Merges `incoming` into `stored` (two bodies of one edited document; only the main row and its
 * set fields, the caller adds union children). Symmetric: the same pair in the other order gives
 * the same rows.
 */
export function mergeRecord(spec: GroupSpec, table: string, stored: DocBody, incoming: DocBody): Merged {
  const s: Side = { row: stored[table]![0]!, body: stored, stamps: readStamps(stored[table]![0]) };
  const i: Side = { row: incoming[table]![0]!, body: incoming, stamps: readStamps(incoming[table]![0]) };
  const row: Row = { ...s.row };
  for (const [k, v] of Object.entries(i.row))
    if (!(k in row) || (typeof v === 'string' && typeof row[k] === 'string' && v > row[k]))
      if (k !== 'stamps') row[k] = v;
  const body: DocBody = { ...stored, [table]: [row] };
  const stamps: Stamps = {};
  const losses: Loss[] = [];
  for (const [group, members] of groupsOf(spec, [s.row, i.row])) {
    // A group one side's schema does not have (a server a release behind, without a new column):
    // that side knows nothing of it, so the other side's value and stamp stay (ADR 11 §1.4).
    const [sHas, iHas] = [s, i].map((side) => members.every((m) => m.startsWith('@') || m in side.row));
    if (!sHas || !iHas) {
      const only = sHas ? s : iHas ? i : null;
      if (!only) continue;
      stamps[group] = formatStamp(groupStamp(only.stamps, group, only.row));
      const base = group in only.stamps ? only.stamps[BASE + group] : undefined;
      if (base) stamps[BASE + group] = base;
      for (const m of members) if (!m.startsWith('@')) row[m] = only.row[m] ?? null;
      continue;
    }
    const sv = groupValue(members, s.row, s.body);
    const iv = groupValue(members, i.row, i.body);
    const ss = groupStamp(s.stamps, group, s.row);
    const is = groupStamp(i.stamps, group, i.row);
    const sText = canonical(sv);
    const iText = canonical(iv);
    const c = compareStamps(is, ss);
    const incomingWins = c > 0 || (c === 0 && iText > sText);
    const [win, winStamp, loseStamp, winValue, loseValue] = incomingWins
      ? [i, is, ss, iv, sv]
      : [s, ss, is, sv, iv];
    stamps[group] = formatStamp(winStamp);
    const base = group in win.stamps ? win.stamps[BASE + group] : undefined;
    if (base) stamps[BASE + group] = base;
    // marked kept if either side marks this very stamp (a copy that lost the mark, merged by an
    // older server, ties with the marked one: the mark stays whichever arrives first)
    if (s.stamps[KEPT + group] === stamps[group] || i.stamps[KEPT + group] === stamps[group])
      stamps[KEPT + group] = stamps[group];
    for (const m of members)
      if (m.startsWith('@')) body[m.slice(1)] = win.body[m.slice(1)] ?? [];
      else row[m] = win.row[m] ?? null;
    if (sText !== iText && concurrent(loseStamp, winStamp, parsed(base)))
      losses.push({
        field: group,
        value: loseValue,
        stamp: formatStamp(loseStamp),
        wonValue: winValue,
        lostTo: formatStamp(winStamp),
      });
  }
  if ('updated_at' in row) row.updated_at = later(str(s.row.updated_at), str(i.row.updated_at));
  const created = [s.stamps[CREATED], i.stamps[CREATED]]
    .filter((x): x is string => !!x && !!parseStamp(x))
    .sort((a, b) => compareStamps(parseStamp(a)!, parseStamp(b)!))[0];
  row.stamps = JSON.stringify(normalise(stamps, created, row));
  Object.assign(row, spec.derive?.(row) ?? {});
  return { body, losses };
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
