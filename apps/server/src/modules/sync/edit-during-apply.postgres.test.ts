import pg from 'pg';
import { v7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockBusiness } from '../../lib/tx.js';
import { applyDocuments } from './apply-documents.js';
import { KEYS, type Server, call, docsOf, send, twoServers } from '../../test/two-servers.js';

/**
 * An edit on the hosted server (PostgreSQL, several connections) while a sync apply of the same
 * record is uncommitted: the edit's snapshot (snapshotRecord) waits for the business lock the
 * apply holds, so its stamps start from the merged row. Before, it snapshotted the record as it
 * was, wrote stamps computed from that over the merge, and the two servers never agreed again.
 */
describe('a hosted edit racing a sync apply of the same record', () => {
  let a: Server;
  let b: Server;
  let businessId: string;
  let close: () => Promise<void>;
  let watcher: pg.Client;
  beforeEach(async () => {
    ({ a, b, businessId, close } = await twoServers());
    watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await watcher.connect();
  });
  afterEach(async () => {
    await watcher.end();
    await close();
  });

  const waiters = async (n: number) => {
    for (let i = 0; i < 200; i++) {
      const { rows } = await watcher.query<{ n: string }>(
        `select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
      );
      if (Number(rows[0]!.n) >= n) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`never saw ${n} waiting connections`);
  };

  it('a supplier edited on the hosted site while a branch edit of it is applied: both servers end equal', async () => {
    const id = v7();
    const form = {
      name: 'Acme',
      contact_name: '',
      phone: '0700000001',
      email: '',
      address: '',
      notes: '',
      active: true,
    };
    await call(a, 'POST', '/api/suppliers', { id, ...form });
    const ref = [{ type: 'supplier', id }];
    await send(a, b, businessId, ref);
    // the branch (a) renames the supplier
    a.app.clock.advance(60_000);
    await call(a, 'PATCH', `/api/suppliers/${id}`, { name: 'Acme Ltd' });
    const pushed = await docsOf(a, businessId, ref);

    // the hosted site (b) applies that push, as applyPush does: business lock, merge, write...
    let commit!: () => void;
    let written!: () => void;
    const applied = new Promise<void>((r) => (written = r));
    const gate = new Promise<void>((r) => (commit = r));
    const apply = b.app.db.kysely.transaction().execute(async (trx) => {
      await lockBusiness(b.app.db, trx, businessId);
      await applyDocuments(
        trx,
        {
          businessId,
          serverId: a.serverId,
          at: b.app.clock.now().toISOString(),
          keys: KEYS,
          dialect: 'postgres',
        },
        pushed,
      );
      written();
      await gate; // ...then numbers its entries and moves the cursor before it commits
    });
    await applied;
    // meanwhile an admin on the hosted site saves the supplier form (every field, as the web sends)
    // with a new phone number; the form was opened before the rename arrived
    b.app.clock.advance(120_000);
    const edit = call(b, 'PATCH', `/api/suppliers/${id}`, { ...form, phone: '0700000002' });
    await waiters(1); // the edit waits for the apply's lock
    commit();
    await Promise.all([apply, edit]);

    // the branch pulls the hosted edit (its own rename was pushed already: nothing of it is sent again)
    await send(b, a, businessId, ref);
    const row = (s: Server) =>
      s.app.db.kysely
        .selectFrom('suppliers')
        .select(['name', 'phone', 'stamps'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const [onA, onB] = [await row(a), await row(b)];
    // the later edit (the form's old name) wins on both; before, the branch kept "Acme Ltd" and the
    // hosted site "Acme" (its stamps were written back from before the merge)
    expect({ branch: onA, hosted: onB }).toEqual({ branch: onB, hosted: onB });
  });
});
