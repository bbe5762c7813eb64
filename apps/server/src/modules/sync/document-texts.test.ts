import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTenant, type Tenant } from '../../test/tenancy-factories.js';
import {
  KEYS,
  type SyncPair,
  addBranch,
  hostedPlaceholder,
  join,
  link,
  pushAll,
  syncPair,
} from '../../test/sync-harness.js';
import { applyPush } from './apply.js';
import { DEFAULT_LIMITS, buildBatch, readRange } from './batch.js';
import { SPEC_BY_TYPE } from './doc-specs.js';
import { DocumentTexts } from './document-texts.js';
import {
  type AnyDb,
  canonicalBody,
  documentText,
  hashBody,
  ownText,
  readDocuments,
  textDocument,
  wireJson,
} from './documents.js';
import { linkOf, serverIdOf } from './link-local.js';
import type { PushBody } from './wire.js';

describe('the hosted texts of ledger documents', () => {
  it('answers a text only for its own business, and lets the oldest go past its bound', () => {
    const texts = new DocumentTexts(150);
    texts.put('biz-a', 'sale', 's1', 'h1', `{"sales":[{"id":"s1","note":"${'x'.repeat(30)}"}]}`);
    expect(texts.get('biz-b', 'sale', 's1')).toBeUndefined();
    const doc = texts.get('biz-a', 'sale', 's1')!;
    expect(doc).toMatchObject({ type: 'sale', id: 's1', hash: 'h1' });
    expect(doc.body.sales![0]!.id).toBe('s1');
    texts.put('biz-a', 'sale', 's2', 'h2', `{"sales":[{"id":"s2","note":"${'y'.repeat(30)}"}]}`);
    texts.put('biz-a', 'sale', 's3', 'h3', `{"sales":[{"id":"s3","note":"${'z'.repeat(30)}"}]}`);
    expect(texts.get('biz-a', 'sale', 's1')).toBeUndefined();
    expect(texts.get('biz-a', 'sale', 's3')?.hash).toBe('h3');
    expect(texts.size).toBe(2);
  });

  it('a message goes out as the same JSON as JSON.stringify, bodies as their canonical text', () => {
    const body = { sales: [{ total: 5, id: 's1', key: { $base64: 'AAE=' } }], sale_lines: [] };
    const read = { type: 'sale', id: 's1', hash: hashBody(body), body };
    const made = textDocument('sale', 's2', 'h', '{"sales":[{"id":"s2"}]}');
    const msg = {
      format: 1,
      to: { seq: 3, entry_id: null },
      entries: [{ id: 'e' }],
      documents: [read, made],
    };
    expect(JSON.parse(wireJson(msg))).toEqual(JSON.parse(JSON.stringify(msg)));
    expect(wireJson({ documents: [] })).toBe('{"documents":[]}');
    expect(wireJson({ error: { code: 'x' } })).toBe('{"error":{"code":"x"}}');
    expect(ownText(made)).toBe('{"sales":[{"id":"s2"}]}');
  });
});

describe('the hosted texts of ledger documents, against a database', () => {
  let p: SyncPair;
  let shop: Tenant;
  let serverId: string;
  beforeEach(async () => {
    p = await syncPair();
    shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    serverId = await serverIdOf(p.local.db);
  });
  afterEach(async () => {
    await p.close();
  });

  const batchFrom = async (seq: number, entryId: string | null) =>
    (await buildBatch(
      {
        db: p.local.db,
        businessId: shop.businessId,
        serverId,
        keys: KEYS,
        limits: { ...DEFAULT_LIMITS, max_entries: 1000 },
      },
      { seq, entry_id: entryId },
    ))!;
  const deps = (texts: DocumentTexts) => ({ db: p.hosted.db, keys: KEYS, now: () => new Date(), texts });
  const hostedReading = (refs: { type: string; id: string }[], texts?: DocumentTexts) =>
    readDocuments(p.hosted.db.kysely as unknown as AnyDb, shop.businessId, refs, KEYS, { cache: texts });

  it('keeps nothing a push brings while no other server of the business pulls', async () => {
    const batch = await batchFrom(0, null);
    const texts = new DocumentTexts();
    expect((await applyPush(deps(texts), serverId, batch)).result).toBe('applied');
    expect(texts.size).toBe(0);
  });

  it('keeps each ledger document of an applied batch as the hosted database then reads it, and no edited record', async () => {
    await join(p, await addBranch(p, 'branch-b'), shop.businessId);
    const batch = await batchFrom(0, null);
    const texts = new DocumentTexts();
    expect((await applyPush(deps(texts), serverId, batch)).result).toBe('applied');
    const ledger = batch.documents.filter((d) => SPEC_BY_TYPE.get(d.type)!.kind === 'ledger');
    const edited = batch.documents.filter((d) => SPEC_BY_TYPE.get(d.type)!.kind === 'edited');
    expect(ledger.some((d) => d.type === 'sale')).toBe(true);
    expect(edited.length).toBeGreaterThan(0);
    const stored = await hostedReading(batch.documents);
    for (const d of ledger) {
      const kept = texts.get(shop.businessId, d.type, d.id);
      expect(kept?.hash).toBe(d.hash);
      expect(ownText(kept!)).toBe(documentText(stored.get(`${d.type}:${d.id}`)!));
    }
    for (const d of edited) expect(texts.get(shop.businessId, d.type, d.id)).toBeUndefined();
  });

  it('a pull range served from the texts is the one read from the database, byte for byte', async () => {
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const hostedId = await serverIdOf(p.hosted.db);
    const range = (texts?: DocumentTexts) =>
      readRange(
        {
          db: p.hosted.db,
          businessId: shop.businessId,
          serverId: hostedId,
          keys: KEYS,
          limits: DEFAULT_LIMITS,
          ...(texts ? { texts } : {}),
        },
        { seq: 0, entry_id: null },
        { except: 'another-server' },
      );
    const texts = new DocumentTexts();
    const read = (await range())!;
    const first = (await range(texts))!;
    const served = (await range(texts))!;
    expect(served.documents.filter((d) => ownText(d) !== undefined).length).toBeGreaterThan(0);
    expect(wireJson({ documents: served.documents })).toBe(wireJson({ documents: read.documents }));
    expect(wireJson({ documents: first.documents })).toBe(wireJson({ documents: read.documents }));
    // Rows are read with their keys in canonical order: their JSON is their canonical text.
    for (const d of (await hostedReading(read.documents)).values())
      expect(JSON.stringify(d.body)).toBe(canonicalBody(d.body));
  });

  it('does not keep a document the batch quarantined', async () => {
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    await join(p, await addBranch(p, 'branch-b'), shop.businessId);
    const sale = await p.local.db.kysely.selectFrom('sales').select('id').executeTakeFirstOrThrow();
    await p.local.db.kysely.updateTable('sales').set({ note: 'changed' }).where('id', '=', sale.id).execute();
    const batch = await batchFrom(0, null);
    const cursor = await linkOf(p.local.db, shop.businessId);
    const at = { seq: Number(cursor!.push_cursor), entry_id: cursor!.push_cursor_entry_id };
    const resent: PushBody = {
      ...batch,
      from: at,
      to: at,
      entries: [],
      omitted: 0,
      documents: batch.documents.filter((d) => d.type === 'sale'),
    };
    const texts = new DocumentTexts();
    const answer = await applyPush(deps(texts), serverId, resent);
    expect(answer.quarantined).toContainEqual({
      doc_type: 'sale',
      doc_id: sale.id,
      reason: 'content_differs',
    });
    expect(texts.get(shop.businessId, 'sale', sale.id)).toBeUndefined();
    const other = resent.documents.find((d) => d.id !== sale.id);
    if (other) expect(texts.get(shop.businessId, 'sale', other.id)?.hash).toBe(other.hash);
  });
});
