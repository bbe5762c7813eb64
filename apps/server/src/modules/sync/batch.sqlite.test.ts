import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Db, migrate, openDatabase } from '../../db/database.js';
import { groupDriverOf } from '../../db/group-commit.js';
import { systemClock } from '../../lib/clock.js';
import { setUpBusiness } from '../setup/setup.service.js';
import { DEFAULT_LIMITS, buildBatch, journalHead } from './batch.js';
import { serverIdOf } from './link-local.js';
import { pushBodySchema } from './wire.js';

describe('building a batch on a local server (SQLite)', () => {
  let dir: string;
  let db: Db;
  let businessId: string;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-batch-'));
    db = openDatabase({ sqliteFile: path.join(dir, 'duka.sqlite') });
    await migrate(db);
    const created = await setUpBusiness(
      db,
      systemClock,
      {
        business_name: 'Batch shop',
        username: 'batchowner',
        password: 'owner-pass-1',
        currency: 'KES',
        timezone: 'Africa/Nairobi',
        language: 'en',
      },
      { onlyIfNone: true },
    );
    businessId = created.business.id;
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('carries no entry committed after the batch settled its entries on disk (ADR 11 §5.3)', async () => {
    const head = await journalHead(db, businessId);
    expect(head).toBeGreaterThan(0);
    const origin = await serverIdOf(db);
    // A sale that was waiting for the database commits right after the checkpoint that settles
    // the batch's entries on disk, before they are read: nothing says it is on disk yet.
    const driver = groupDriverOf(db.kysely)!;
    let settled = false;
    let landed = false;
    driver.trace = (text) => {
      if (/wal_checkpoint/.test(text)) settled = true;
      else if (settled && !landed) {
        landed = true;
        const seq = head + 1;
        db.sqlite!.prepare('UPDATE journal_counters SET last_seq = ? WHERE business_id = ?').run(
          seq,
          businessId,
        );
        db.sqlite!.prepare(
          `INSERT INTO journal (business_id, seq, id, doc_type, doc_id, action, user_id, device_id, detail, created_at, origin, origin_seq)
         VALUES (?, ?, ?, 'session', ?, 'auth.login', NULL, NULL, NULL, ?, ?, ?)`,
        ).run(
          businessId,
          seq,
          '0193b000-0000-7000-8000-00000000f5f5',
          '0193b000-0000-7000-8000-00000000f5f6',
          new Date().toISOString(),
          origin,
          seq,
        );
      }
    };
    const batch = await buildBatch(
      { db, businessId, serverId: origin, keys: { keyEncryptionKey: undefined }, limits: DEFAULT_LIMITS },
      { seq: 0, entry_id: null },
    );
    driver.trace = undefined;
    expect(landed).toBe(true);
    expect(await journalHead(db, businessId)).toBe(head + 1);
    // The batch ends at the head read before it settled; the late entry waits for the next one.
    expect(batch!.to.seq).toBe(head);
    expect(batch!.entries.map((e) => e.seq)).not.toContain(head + 1);
    expect(batch!.waiting).toBe(0);
    // And the hosted server's schema takes it (a negative `waiting` would be refused).
    expect(pushBodySchema.safeParse(batch).success).toBe(true);
  });

  it("leaves SQLite's locks alone, so another program reading the database cannot delete its -wal", async () => {
    const file = path.join(dir, 'duka.sqlite');
    // SQLite holds a shared lock on the database file while it is open in WAL mode: another
    // program (the sqlite3 shell, a copy tool) that can take the file whole when it closes deletes
    // the -wal, and this server's later commits go to a deleted file. POSIX locks end for the
    // whole process when any of its handles on the file closes, so nothing here may open one.
    const inode = `:${fs.statSync(file).ino} `;
    const heldHere = () =>
      fs
        .readFileSync('/proc/locks', 'utf8')
        .split('\n')
        .filter((l) => l.includes(' POSIX ') && l.includes(` ${process.pid} `) && l.includes(inode));
    expect(heldHere()).not.toEqual([]);
    const origin = await serverIdOf(db);
    const batch = await buildBatch(
      { db, businessId, serverId: origin, keys: { keyEncryptionKey: undefined }, limits: DEFAULT_LIMITS },
      { seq: 0, entry_id: null },
    );
    expect(batch).not.toBeNull();
    expect(heldHere()).not.toEqual([]);
  });
});
