import { sql } from 'kysely';
import { v7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { applyOn, call, docsOf, useTwoServers } from '../../test/two-servers.js';

/**
 * A shop a release behind the server it pulls from (the hosted server is updated first): a
 * column the sender's migration added to a synced table comes in every document, and the shop
 * takes the rest of the row instead of failing on the unknown column at every pull.
 */
describe('a shop a release behind what it pulls', () => {
  const servers = useTwoServers({ each: true });

  it('takes a new product and an edit without the column it lacks', async () => {
    const { a, b, businessId } = servers();
    // A's newer schema: a column B does not have yet
    await sql`alter table products add column shelf text not null default ''`.execute(a.app.db.kysely);
    const id = v7();
    await call(a, 'POST', '/api/products', { id, name: 'Tea 250g', code: 'TEA', price: 25_000 });
    await a.app.db.kysely
      .updateTable('products')
      .set({ shelf: 'A3' } as never)
      .where('id', '=', id)
      .execute();
    const refs = [{ type: 'product', id }];
    const fresh = await docsOf(a, businessId, refs);
    expect(fresh[0]!.body.products![0]).toHaveProperty('shelf', 'A3');
    await applyOn(b, a.serverId, businessId, fresh);
    const onB = () =>
      b.app.db.kysely
        .selectFrom('products')
        .select(['name', 'price'])
        .where('id', '=', id)
        .executeTakeFirst();
    expect(await onB()).toEqual({ name: 'Tea 250g', price: 25_000 });
    a.app.clock.advance(60_000);
    await call(a, 'PATCH', `/api/products/${id}`, { price: 27_000 });
    await applyOn(b, a.serverId, businessId, await docsOf(a, businessId, refs));
    expect(await onB()).toEqual({ name: 'Tea 250g', price: 27_000 });
  });
});
