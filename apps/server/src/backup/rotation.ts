import fs from 'node:fs';
import path from 'node:path';
import { makePrivate, makePrivateDir } from '../lib/private-files.js';
import { syncDir, syncFile } from '../lib/durable-files.js';

/** How many copies each tier keeps: the last twelve five-minute copies, 24 hourly, 30 daily. */
export const TIERS = [
  { name: '5min', keep: 12, period: null },
  { name: 'hourly', keep: 24, period: 13 }, // ISO time up to the hour: 2026-11-22T21
  { name: 'daily', keep: 30, period: 10 }, // up to the day: 2026-11-22
] as const;

const PREFIX = 'duka-';
const SUFFIX = '.sqlite';

/** A backup's file name from its UTC time: sortable, one per second. */
export function backupName(at: Date): string {
  return `${PREFIX}${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z${SUFFIX}`;
}

/** The UTC time written in a backup's file name. */
function timeOf(name: string): string {
  return name.slice(PREFIX.length, -SUFFIX.length - 1).replace(/T(\d\d)-(\d\d)-(\d\d)$/, 'T$1:$2:$3');
}

export function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(PREFIX) && f.endsWith(SUFFIX))
    .sort();
}

function linkOrCopy(from: string, to: string): void {
  try {
    fs.linkSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
    syncFile(to);
  }
}

/**
 * Files a checked backup into the tiers: always into the five-minute tier; into the hourly and
 * daily tiers when the tier has none of its hour or day yet (a hard link, so no extra space);
 * then each tier is cut back to its count, oldest first. Answers the path in the 5-minute tier.
 */
export function fileBackup(root: string, checkedFile: string, at: Date): string {
  const name = backupName(at);
  const time = at.toISOString();
  let placed = '';
  for (const tier of TIERS) {
    const dir = path.join(root, tier.name);
    makePrivateDir(root);
    makePrivateDir(dir);
    // Due when the tier has no copy of this hour or day yet. Not "unlike the newest name": one
    // copy named in the future (a clock that ran ahead, then was put right) made every later
    // backup due, each pushing out a real day, and a month of dailies was gone in hours.
    const period = tier.period;
    const due =
      period === null || !listBackups(dir).some((f) => timeOf(f).slice(0, period) === time.slice(0, period));
    if (!due) continue;
    const target = path.join(dir, name);
    if (tier.period === null) {
      // its contents are on the disk already (the copy's check synced it, sqlite-copy.ts `settle`):
      // the folders' new and gone names are synced below
      fs.renameSync(checkedFile, target);
      syncDir(dir);
      syncDir(path.dirname(path.resolve(checkedFile)));
      makePrivate(target);
      placed = target;
    } else {
      linkOrCopy(placed, target);
      makePrivate(target);
      syncDir(dir);
    }
  }
  prune(root, name);
  return placed;
}

/**
 * Cuts each tier back to its count, removing the oldest copies by the time in their names, but
 * never `justPlaced`: after the clock was set back, the newest backup has the oldest name, and it
 * must not be the one to go.
 */
export function prune(root: string, justPlaced?: string): void {
  for (const tier of TIERS) {
    const dir = path.join(root, tier.name);
    const files = listBackups(dir);
    const others = files.filter((f) => f !== justPlaced);
    const room = others.length === files.length ? tier.keep : tier.keep - 1;
    for (const f of others.slice(0, Math.max(0, others.length - room))) fs.rmSync(path.join(dir, f));
  }
}

/**
 * Frees room for one more copy on a full backup disk: the oldest copies go first, each time's links
 * in every tier together (a hard link frees nothing while another remains), until the disk has
 * `need` bytes free or the newest copy alone is left. Before, old copies went only after a new one
 * was made, so once the disk was full no backup was ever made again. Answers how many times went.
 */
export function makeRoom(root: string, need: number, free: (dir: string) => number = freeBytes): number {
  const names = new Set<string>();
  for (const tier of TIERS) for (const f of listBackups(path.join(root, tier.name))) names.add(f);
  let gone = 0;
  for (const name of [...names].sort().slice(0, -1)) {
    if (free(root) >= need) break;
    for (const tier of TIERS) fs.rmSync(path.join(root, tier.name, name), { force: true });
    gone++;
  }
  if (gone > 0)
    for (const tier of TIERS)
      if (fs.existsSync(path.join(root, tier.name))) syncDir(path.join(root, tier.name));
  return gone;
}

function freeBytes(dir: string): number {
  const s = fs.statfsSync(dir);
  return s.bavail * s.bsize;
}
