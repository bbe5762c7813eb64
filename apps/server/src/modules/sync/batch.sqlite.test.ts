import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Db, migrate, openDatabase } from '../../db/database.js';
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

  it('carries no entry committed after the -wal file was synced to disk (ADR 11 §5.3)', async () => {
    const head = await journalHead(db, businessId);
    expect(head).toBeGreaterThan(0);
    const origin = await serverIdOf(db);
    // A sale that was waiting for the database commits right after the fsync, before the entries
    // are read: with synchronous=NORMAL, a power cut could still take it back.
    const fsync = fs.fsyncSync.bind(fs);
    let landed = false;
    vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
      fsync(fd);
      if (landed) return;
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
    });
    const batch = await buildBatch(
      { db, businessId, serverId: origin, keys: { keyEncryptionKey: undefined }, limits: DEFAULT_LIMITS },
      { seq: 0, entry_id: null },
    );
    expect(landed).toBe(true);
    expect(await journalHead(db, businessId)).toBe(head + 1);
    // The batch ends at the head read before the fsync; the late entry waits for the next one.
    expect(batch!.to.seq).toBe(head);
    expect(batch!.entries.map((e) => e.seq)).not.toContain(head + 1);
    expect(batch!.waiting).toBe(0);
    // And the hosted server's schema takes it (a negative `waiting` would be refused).
    expect(pushBodySchema.safeParse(batch).success).toBe(true);
  });
});
