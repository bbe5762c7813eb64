// An open count's screen reads the count every 20 s on each counter's phone. The figures: a count
// of BENCH_COUNT_PRODUCTS (5,000) counted products read whole (the baseline: what every read was
// before the forty-first session) and read since the screen's last read with one product counted
// meanwhile (`?since=`), on a shop's SQLite and on a hosted server's PostgreSQL: the bytes over
// the wire (gzip, as the browser asks) and the time per read.
// Run alone with `node bench/count-reads.mjs` (after `npm run build`).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { newId as v7 } from '../apps/server/dist/lib/ids.js';
import { startHosted, startServer } from './sync.mjs';

const PRODUCTS = Number(process.env.BENCH_COUNT_PRODUCTS ?? 5_000);
const READS = Number(process.env.BENCH_COUNT_READS ?? 40);

async function call(url, cookie, route, body) {
  const res = await fetch(`${url}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${(await res.text()).slice(0, 500)}`);
  return res;
}

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
  const children = [];
  const start = (args, env) => startServer(root, args, { ...process.env, ...env }, children);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-bench-count-'));
  try {
    const shop = await start(['apps/server/dist/main.js'], {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    });
    const setup = await call(shop.url, null, '/api/setup', {
      business_name: 'Count shop',
      username: 'owner',
      password: 'bench-pass-1',
    });
    await figures('sqlite', shop.url, setup.headers.get('set-cookie').split(';')[0]);
    shop.child.kill();

    const hosted = await startHosted({ root, start, adminUrl });
    try {
      const login = await call(hosted.url, null, '/api/auth/login', {
        login: 'web-owner',
        password: 'bench-pass-1',
      });
      await figures('postgres', hosted.url, login.headers.get('set-cookie').split(';')[0]);
    } finally {
      await hosted.drop();
    }
  } finally {
    for (const c of children) c.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  await countReadFigures({
    root,
    adminUrl:
      process.env.BENCH_PG_ADMIN_URL ||
      process.env.DATABASE_URL ||
      'postgres://postgres@127.0.0.1:5432/postgres',
  });
}
