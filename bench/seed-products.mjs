// Seeds a business with N products (each with a barcode) straight into the database, using the
// built server's own modules: the bench measures queries, not the import path.
import { newId as v7 } from '../apps/server/dist/lib/ids.js';
import { migrate, openDatabase } from '../apps/server/dist/db/database.js';
import { systemClock } from '../apps/server/dist/lib/clock.js';
import { setUpBusiness } from '../apps/server/dist/modules/setup/setup.service.js';

const WORDS = [
  'sugar',
  'rice',
  'maize flour',
  'wheat flour',
  'cooking oil',
  'milk',
  'bread',
  'soap',
  'salt',
  'tea leaves',
  'coffee',
  'beans',
  'matches',
  'candles',
  'batteries',
  'nails',
  'paint',
  'cement',
  'toothpaste',
  'detergent',
];
const SIZES = ['250 g', '500 g', '1 kg', '2 kg', '5 kg', '500 ml', '1 l', '2 l', 'small', 'large'];

/** Opens the database, sets up a business with an admin, and inserts `count` products. */
export async function seedProducts({ databaseUrl, sqliteFile, pgSchema, count, password }) {
  const db = openDatabase({ databaseUrl, sqliteFile, pgSchema });
  await migrate(db);
  const { business, locationId } = await setUpBusiness(
    db,
    systemClock,
    {
      business_name: 'Bench shop',
      username: 'owner',
      password,
      currency: 'KES',
      timezone: 'Africa/Nairobi',
      language: 'en',
    },
    { onlyIfNone: !databaseUrl },
  );
  const at = new Date().toISOString();
  const barcodes = [];
  const names = [];
  await db.kysely.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += 500) {
      const products = [];
      const codes = [];
      for (let i = start; i < Math.min(count, start + 500); i++) {
        const id = v7();
        const name = `${WORDS[i % WORDS.length]} ${SIZES[Math.floor(i / WORDS.length) % SIZES.length]} #${i}`;
        const code = `P${String(i).padStart(6, '0')}`;
        const barcode = String(6_000_000_000_000 + i * 7);
        products.push({
          id,
          business_id: business.id,
          name,
          code,
          search_key: `${name} ${code}`.toLowerCase(),
          category: WORDS[i % WORDS.length],
          unit: 'each',
          price: 1000 + (i % 500) * 10,
          tax_rate: 1600,
          reorder_level: 5000,
          avg_cost: 0,
          image: null,
          active: 1,
          created_at: at,
          updated_at: at,
          deleted_at: null,
        });
        codes.push({ business_id: business.id, barcode, product_id: id });
        if (i % 97 === 0) barcodes.push(barcode);
        if (i % 101 === 0) names.push(name.split(' #')[0]);
      }
      await trx.insertInto('products').values(products).execute();
      await trx.insertInto('product_barcodes').values(codes).execute();
    }
  });
  const some = await db.kysely
    .selectFrom('products')
    .select('id')
    .where('business_id', '=', business.id)
    .limit(20)
    .execute();
  await db.close();
  return { businessId: business.id, locationId, barcodes, names, productIds: some.map((p) => p.id) };
}
