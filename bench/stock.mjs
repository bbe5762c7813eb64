// Stock figures: barcode lookup and name search over 100,000 products (p95 at one connection,
// against GET /api/health measured the same way), and posting a 20-line receipt from a supplier.
import { newId as v7 } from '../apps/server/dist/lib/ids.js';

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Times `n` sequential requests made by `make(i)`; returns p50/p95 in ms and requests/s. */
export async function timed(n, make) {
  const times = [];
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await make(i);
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  const total = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), rps: n / total };
}

export async function stockFigures({ url, cookie, seeded, label, line }) {
  const headers = { cookie };
  const base = await timed(300, () => fetch(`${url}/api/health`));
  line(`${label}: baseline GET /api/health`, base);
  line(
    `${label}: barcode lookup, 100k products`,
    await timed(300, (i) =>
      fetch(`${url}/api/products?q=${seeded.barcodes[i % seeded.barcodes.length]}&limit=10`, { headers }),
    ),
    base,
  );
  line(
    `${label}: name search, 100k products`,
    await timed(300, (i) =>
      fetch(`${url}/api/products?q=${encodeURIComponent(seeded.names[i % seeded.names.length])}&limit=20`, {
        headers,
      }),
    ),
    base,
  );

  const post = (path, body) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const supplier = await (await post('/api/suppliers', { name: 'Bench supplier' })).json();
  const lines = seeded.productIds
    .slice(0, 20)
    .map((product_id, i) => ({ product_id, quantity: 1000 * (i + 1), unit_cost: 500 + i }));
  line(
    `${label}: POST 20-line receipt`,
    await timed(200, () =>
      post('/api/stock/receipts', {
        id: v7(),
        supplier_id: supplier.id,
        location_id: seeded.locationId,
        lines,
      }),
    ),
    base,
  );
}
