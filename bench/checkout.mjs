// Checkout figure: HTTP POST /api/sales of a 3-line cash sale at 32 connections, each request a new
// sale with its own UUIDv7 (so every one is written: sale, lines, movements, levels, receipt
// number, journal, in one transaction).
import autocannon from 'autocannon';
import { newId } from '../apps/server/dist/lib/ids.js';

async function call(url, path, cookie, body) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Three products with plenty of stock at the first location; answers the sale template. */
export async function prepareCheckout(url, cookie) {
  const [location] = await (await fetch(`${url}/api/locations`, { headers: { cookie } })).json();
  const supplier = await call(url, '/api/suppliers', cookie, { name: 'Bench supplier' });
  const products = [];
  for (const [name, price] of [
    ['Sugar 1 kg', 18_000],
    ['Bread', 6_500],
    ['Milk 500 ml', 6_000],
  ]) {
    products.push(
      await call(url, '/api/products', cookie, { name, code: `B${products.length}`, price, tax_rate: 1600 }),
    );
  }
  await call(url, '/api/stock/receipts', cookie, {
    id: newId(),
    supplier_id: supplier.id,
    location_id: location.id,
    lines: products.map((p) => ({ product_id: p.id, quantity: 1_000_000_000, unit_cost: 1_000 })),
  });
  return {
    kind: 'cash',
    location_id: location.id,
    lines: products.map((p, i) => ({ product_id: p.id, quantity: 1000 * (i + 1) })),
    tendered: 100_000,
  };
}

/** autocannon options posting a new sale per request. */
export function checkoutLoad(url, cookie, template) {
  return {
    url: `${url}/api/sales`,
    requests: [
      {
        method: 'POST',
        path: '/api/sales',
        headers: { 'content-type': 'application/json', cookie },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ id: newId(), ...template }) }),
      },
    ],
  };
}

export { autocannon };
