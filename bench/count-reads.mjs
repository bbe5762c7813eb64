// An open count's screen reads the count every 20 s on each counter's phone. The figures: a count
// of BENCH_COUNT_PRODUCTS (5,000) counted products read whole (the baseline: what every read was
// before the forty-first session) and read since the screen's last read with one product counted
// meanwhile (`?since=`), on a shop's SQLite and on a hosted server's PostgreSQL: the bytes over
// the wire (gzip, as the browser asks) and the time per read.
// Run alone with `node bench/count-reads.mjs` (after `npm run build`).
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { newId as v7 } from '../apps/server/dist/lib/ids.js';
import { call, onBothDatabases, runAlone } from './both-databases.mjs';

const PRODUCTS = Number(process.env.BENCH_COUNT_PRODUCTS ?? 5_000);
const READS = Number(process.env.BENCH_COUNT_READS ?? 40);

/** A GET as a browser makes it (gzip asked): the bytes that came over the wire, its time, its JSON's as_of. */
function read(url, cookie, route) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(`${url}${route}`, { headers: { cookie, 'accept-encoding': 'gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) return reject(new Error(`${route}: ${res.statusCode}`));
        const wire = Buffer.concat(chunks);
        const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(wire) : wire;
        const json = JSON.parse(body.toString('utf8'));
        resolve({ ms, wireBytes: wire.length, jsonBytes: body.length, json });
      });
    });
    req.on('error', reject);
  });
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const kb = (n) => (n >= 10_000 ? `${(n / 1000).toFixed(0)} KB` : `${n.toLocaleString('en')} B`);

async function figures(label, url, cookie) {
  const csv = ['code,name,barcodes,category,unit,price,buying_price,tax_rate,reorder_level,active'];
  for (let i = 0; i < PRODUCTS; i++)
    csv.push(
      `CNT${String(i).padStart(6, '0')},Counted item ${i},,Aisle ${i % 40},each,100.00,50.00,16,0,yes`,
    );
  await call(url, cookie, '/api/products/import', { csv: `${csv.join('\n')}\n`, commit: true });
  const products = [];
  for (let offset = 0; products.length < PRODUCTS; offset += 500) {
    const page = await (await call(url, cookie, `/api/products?q=CNT&limit=500&offset=${offset}`)).json();
    if (page.length === 0) break;
    products.push(...page.map((p) => p.id));
  }
  const [location] = await (await call(url, cookie, '/api/locations')).json();
  const countId = v7();
  await call(url, cookie, '/api/stock-counts', { id: countId, location_id: location.id });
  const entry = (product_id) =>
    call(url, cookie, `/api/stock-counts/${countId}/entries`, { id: v7(), product_id, quantity: 1_000 });
  // eight counters at once
  for (let i = 0; i < products.length; i += 8) await Promise.all(products.slice(i, i + 8).map(entry));

  const whole = [];
  const since = [];
  for (let i = 0; i < READS; i++) {
    const w = await read(url, cookie, `/api/stock-counts/${countId}`);
    whole.push(w);
    await entry(products[i % products.length]); // a colleague's scan meanwhile
    const s = await read(url, cookie, `/api/stock-counts/${countId}?since=${w.json.as_of}`);
    if (s.json.since !== w.json.as_of || s.json.counted.length !== 1)
      throw new Error(`a read since: ${JSON.stringify(s.json).slice(0, 300)}`);
    since.push(s);
  }
  const show = (what, runs, base) => {
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    const p50 = percentile(ms, 50);
    const p95 = percentile(ms, 95);
    const bytes = runs.at(-1);
    console.log(
      `${`${label}: ${what}`.padEnd(58)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  ${kb(bytes.wireBytes).padStart(7)} gzip (${kb(bytes.jsonBytes)} JSON)${base ? `  ${(base.wireBytes / bytes.wireBytes).toFixed(0)}× fewer bytes, p50 ${(percentile(base.sorted, 50) / p50).toFixed(1)}× faster` : ''}`,
    );
    return { wireBytes: bytes.wireBytes, sorted: ms };
  };
  const base = show(`count of ${PRODUCTS.toLocaleString('en')} products, read whole`, whole);
  show('read since the last, one product counted', since, base);
}

/** The figures on SQLite (a shop) and PostgreSQL (a hosted server at `adminUrl`). */
export async function countReadFigures({ root, adminUrl }) {
  console.log(
    `\nAn open count read again (every 20 s on each counter's phone; ${READS} reads each; read whole: the baseline):`,
  );
  await onBothDatabases({ root, adminUrl, businessName: 'Count shop' }, figures);
}

await runAlone(import.meta, countReadFigures);
