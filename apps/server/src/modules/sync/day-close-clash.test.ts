import { v7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { applyOn, call, docsOf, useTwoServers } from '../../test/two-servers.js';

/**
 * Two servers that each took themselves for a location's home (ADR 11 §11.4) both closed its day:
 * the second close to arrive is set aside for the owner, and the rest of what it came with is
 * written, instead of the whole exchange failing on the unique day_closes_once from then on.
 */
describe('a day closed on two servers', () => {
  const servers = useTwoServers({ each: true });

  it('sets the second close aside as day_closed_twice and writes the rest', async () => {
    const { a, b, businessId } = servers();
    const [shop] = (await call(a, 'GET', '/api/locations')) as { id: string }[];
    // B believes it is the shop's home too
    await b.app.db.kysely
      .updateTable('locations')
      .set({ home_server_id: b.serverId })
      .where('id', '=', shop!.id)
      .execute();
    const day = '2026-01-05';
    const onA = v7();
    const onB = v7();
    await call(a, 'POST', '/api/daily-sales/close', { id: onA, location_id: shop!.id, day, counted_cash: 0 });
    await call(b, 'POST', '/api/daily-sales/close', { id: onB, location_id: shop!.id, day, counted_cash: 0 });
    // B's own receipt series, as a second server has
    await b.app.db.kysely
      .updateTable('day_closes')
      .set({ receipt_no: 'B000001' })
      .where('id', '=', onB)
      .execute();
    const productId = v7();
    await call(b, 'POST', '/api/products', { id: productId, name: 'Salt', code: 'SLT', price: 5_000 });
    const docs = await docsOf(b, businessId, [
      { type: 'day_close', id: onB },
      { type: 'product', id: productId },
    ]);
    const result = await applyOn(a, b.serverId, businessId, docs);
    expect(result.quarantined).toEqual([{ doc_type: 'day_close', doc_id: onB, reason: 'day_closed_twice' }]);
    const closes = await a.app.db.kysely.selectFrom('day_closes').select('id').execute();
    expect(closes.map((c) => c.id)).toEqual([onA]);
    expect(
      await a.app.db.kysely
        .selectFrom('products')
        .select('name')
        .where('id', '=', productId)
        .executeTakeFirst(),
    ).toEqual({ name: 'Salt' });
    // sent again: still set aside, still no failure
    expect((await applyOn(a, b.serverId, businessId, docs)).quarantined).toHaveLength(1);
  });
});
