import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TIERS, backupName, fileBackup, listBackups, makeRoom } from './rotation.js';

describe('backup rotation', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('keeps the last 12 five-minute copies, 24 hourly and 30 daily, newest first', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-rot-'));
    dirs.push(root);
    const start = Date.parse('2026-10-01T00:02:00Z');
    const hour = 60 * 60_000;
    // 33 days: a backup every hour for 32 of them, then every five minutes for the last (each
    // backup syncs its folders: 9,504 of them every five minutes took 10–36 s)
    const times = [
      ...Array.from({ length: 32 * 24 }, (_, i) => start + i * hour),
      ...Array.from({ length: 24 * 12 }, (_, i) => start + 32 * 24 * hour + i * 5 * 60_000),
    ];
    let last = new Date(start);
    times.forEach((ms, i) => {
      last = new Date(ms);
      const tmp = path.join(root, '.tmp.sqlite');
      fs.writeFileSync(tmp, `backup ${i}`);
      fileBackup(root, tmp, last);
    });
    const kept = Object.fromEntries(TIERS.map((t) => [t.name, listBackups(path.join(root, t.name))]));
    expect(kept['5min']).toHaveLength(12);
    expect(kept.hourly).toHaveLength(24);
    expect(kept.daily).toHaveLength(30);
    // the newest copy is in every tier that was due, and the tiers hold what they say
    expect(kept['5min']!.at(-1)).toBe(backupName(last));
    expect(new Set(kept.hourly!.map((f) => f.slice(5, 18))).size).toBe(24); // one per hour
    expect(new Set(kept.daily!.map((f) => f.slice(5, 15))).size).toBe(30); // one per day
    expect(kept.daily!.at(-1)!.slice(5, 15)).toBe(last.toISOString().slice(0, 10));
    expect(kept.daily![0]!.slice(5, 15)).toBe('2026-10-04'); // 33 days (1 Oct to 2 Nov) less the 3 oldest
    // hourly and daily copies are the same bytes as the five-minute copy they were made from
    const newestHourly = kept.hourly!.at(-1)!;
    expect(fs.readFileSync(path.join(root, 'hourly', newestHourly), 'utf8')).toMatch(/^backup \d+$/);
  });

  it('keeps the month of dailies when one copy was named in the future (a clock that ran ahead, then put right)', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-rot-'));
    dirs.push(root);
    const file = (at: Date, text: string) => {
      const tmp = path.join(root, '.tmp.sqlite');
      fs.writeFileSync(tmp, text);
      return fileBackup(root, tmp, at);
    };
    const day = 24 * 3600_000;
    const first = Date.parse('2026-10-02T09:00:00Z');
    for (let i = 0; i < 30; i++) file(new Date(first + i * day), `day ${i}`);
    file(new Date('2026-11-01T09:00:00Z'), 'from a clock a day ahead');
    // three hours of backups once the clock is right again (31 October)
    for (let i = 1; i <= 36; i++)
      file(new Date(Date.parse('2026-10-31T09:00:00Z') + i * 5 * 60_000), `b ${i}`);
    const daily = listBackups(path.join(root, 'daily'));
    expect(daily).toHaveLength(30);
    // one copy per day: 2 to 31 October less the oldest (the future-named one took a place)
    expect(new Set(daily.map((f) => f.slice(5, 15))).size).toBe(30);
    expect(daily.filter((f) => f.startsWith('duka-2026-10-')).map((f) => f.slice(5, 15))).toHaveLength(29);
    expect(listBackups(path.join(root, 'hourly')).length).toBeLessThanOrEqual(24);
  });

  it('keeps the backup just made when the clock was set back (its name sorts oldest)', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-rot-'));
    dirs.push(root);
    const future = Date.parse('2027-05-01T08:00:00Z');
    for (let i = 0; i < 12; i++) {
      const tmp = path.join(root, '.tmp.sqlite');
      fs.writeFileSync(tmp, `future ${i}`);
      fileBackup(root, tmp, new Date(future + i * 5 * 60_000));
    }
    const tmp = path.join(root, '.tmp.sqlite');
    fs.writeFileSync(tmp, 'after the clock was corrected');
    const placed = fileBackup(root, tmp, new Date('2026-05-01T08:00:00Z'));
    expect(fs.readFileSync(placed, 'utf8')).toBe('after the clock was corrected');
    const kept = listBackups(path.join(root, '5min'));
    expect(kept).toHaveLength(12);
    expect(kept).toContain(path.basename(placed));
    // the one that went is the oldest of the others
    expect(kept).not.toContain(backupName(new Date(future)));
    for (const tier of ['hourly', 'daily'])
      expect(listBackups(path.join(root, tier))).toContain(path.basename(placed));
  });

  // The QA: once the backup disk was full no copy was made again (old copies went only after a new
  // one). The oldest make room, each time's links in every tier together; the newest stays.
  it('makes room on a full disk: the oldest copies go first, all their links, never the newest', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-room-'));
    dirs.push(root);
    const day = 24 * 60 * 60_000;
    const start = Date.parse('2026-10-01T10:00:00Z');
    for (let i = 0; i < 5; i++) {
      const tmp = path.join(root, '.tmp.sqlite');
      fs.writeFileSync(tmp, `backup ${i}`);
      fileBackup(root, tmp, new Date(start + i * day));
    }
    const all = () => TIERS.flatMap((t) => listBackups(path.join(root, t.name)).map((f) => `${t.name}/${f}`));
    expect(all()).toHaveLength(15); // each day's copy in the three tiers
    const gone = (n: number) => 15 - all().length - 3 * n;
    // free space grows by one copy for every time whose links are all gone
    const free = () => (15 - all().length) / 3;
    expect(makeRoom(root, 2, free)).toBe(2);
    expect(gone(2)).toBe(0);
    const days = () => new Set(all().map((f) => path.basename(f).slice(5, 15)));
    expect(days()).toEqual(new Set(['2026-10-03', '2026-10-04', '2026-10-05']));
    // never the newest, however much is asked
    expect(makeRoom(root, 100, free)).toBe(2);
    expect(new Set(all().map((f) => path.basename(f)))).toEqual(
      new Set([backupName(new Date(start + 4 * day))]),
    );
    expect(makeRoom(root, 100, free)).toBe(0);
  });
});
