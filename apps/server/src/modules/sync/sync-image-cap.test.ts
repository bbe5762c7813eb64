import type { Product } from '@duka/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signIn } from '../../test/factories.js';
import { buildProduct } from '../../test/stock-factories.js';
import { buildTenant, type Tenant, uploadImage } from '../../test/tenancy-factories.js';
import {
  type SyncPair,
  addBranch,
  hostedPlaceholder,
  join,
  link,
  pullAll,
  pushAll,
  syncPair,
} from '../../test/sync-harness.js';

/**
 * A shop's pushed photos count against the hosted server's image storage cap, as its uploads do
 * (`MAX_IMAGE_STORAGE_MB`): one shop must not fill the disk every business on the server shares.
 * A file past the cap is set aside (quarantine, without its bytes); the rest of the batch is written.
 */
describe('pushed files and the hosted image storage cap', () => {
  let p: SyncPair;
  let shop: Tenant;
  let imageBytes: number;

  beforeEach(async () => {
    // room for two of the test's images on the hosted server, not three
    const probe = await syncPair();
    const owner = await buildTenant(probe.local, 'Probe');
    imageBytes = Number(
      (
        await probe.local.db.kysely
          .selectFrom('files')
          .select('size')
          .where('business_id', '=', owner.businessId)
          .executeTakeFirstOrThrow()
      ).size,
    );
    await probe.close();
    p = await syncPair({ maxImageStorageBytes: imageBytes * 2 });
    shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
  });
  afterEach(async () => {
    await p.close();
  });

  const hostedFiles = async () =>
    (
      await p.hosted.db.kysely
        .selectFrom('files')
        .select('name')
        .where('business_id', '=', shop.businessId)
        .orderBy('name')
        .execute()
    ).map((f) => f.name);

  it('writes the files that fit and sets aside the one past the cap, with the product naming it', async () => {
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    expect(await hostedFiles()).toHaveLength(1); // the tenant's own photo

    const second = await uploadImage(p.local.app, shop.admin);
    const third = await uploadImage(p.local.app, shop.admin);
    const named = await buildProduct(p.local.app, shop.admin, { name: 'Pictured tea', image: third });
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');

    const files = await hostedFiles();
    expect(files).toHaveLength(2);
    expect(files).toContain(second);
    expect(files).not.toContain(third);
    const used = await p.hosted.db.kysely
      .selectFrom('files')
      .select((eb) => eb.fn.sum<number>('size').as('n'))
      .where('business_id', '=', shop.businessId)
      .executeTakeFirstOrThrow();
    expect(Number(used.n)).toBeLessThanOrEqual(imageBytes * 2);

    const aside = await p.hosted.db.kysely
      .selectFrom('sync_quarantine')
      .select(['doc_type', 'reason', 'incoming'])
      .where('business_id', '=', shop.businessId)
      .execute();
    expect(aside.map((q) => [q.doc_type, q.reason])).toEqual([['file', 'image_storage_full']]);
    // kept without its bytes: the room it was refused is not taken by its quarantine
    const kept = JSON.parse(aside[0]!.incoming) as { files: Record<string, unknown>[] };
    expect(kept.files[0]).toMatchObject({ name: third, size: imageBytes });
    expect(kept.files[0]).not.toHaveProperty('data');

    // the rest of the batch is written: the product, naming its photo
    const product = await p.hosted.db.kysely
      .selectFrom('products')
      .select('image')
      .where('business_id', '=', shop.businessId)
      .where('id', '=', named.id)
      .executeTakeFirstOrThrow();
    expect(product.image).toBe(third);

    // the owner reads why on the hosted site, as a typed reason
    const owner = (await signIn(p.hosted.app, shop.logins.admin, ADMIN_PASSWORD)).cookie;
    const list = await p.hosted.app.inject({ url: '/api/sync/quarantine', headers: { cookie: owner } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ items: { reason: string }[] }>().items.map((i) => i.reason)).toEqual([
      'image_storage_full',
    ]);

    // a branch takes the product without its photo, and its form (which sends the photo back)
    // still saves a new price: only a new photo is checked
    const branch = await addBranch(p, 'branch-cap');
    await join(p, branch, shop.businessId);
    expect((await pullAll(p, branch, shop.businessId)).kind).toBe('caught_up');
    const there = (await signIn(branch.app, shop.logins.admin, ADMIN_PASSWORD, 'BRANCH-TILL')).cookie;
    const form = (
      await branch.app.inject({ url: `/api/products/${named.id}`, headers: { cookie: there } })
    ).json<Product>();
    expect(form.image).toBe(third);
    const saved = await branch.app.inject({
      method: 'PATCH',
      url: `/api/products/${named.id}`,
      headers: { cookie: there },
      payload: { ...pick(form), price: form.price + 100 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // a photo it does not have is still refused as a new one
    const other = await branch.app.inject({
      method: 'PATCH',
      url: `/api/products/${named.id}`,
      headers: { cookie: there },
      payload: { image: `${named.id}.png` },
    });
    expect(other.statusCode).toBe(422);
  });
});

/** What the product form sends back: its editable fields as the page has them. */
function pick(p: Record<string, unknown>) {
  const keys = ['name', 'code', 'barcodes', 'category', 'unit', 'price', 'buying_price', 'tax_rate'];
  return Object.fromEntries(
    [...keys, 'reorder_level', 'image', 'active'].filter((k) => k in p).map((k) => [k, p[k]]),
  );
}
