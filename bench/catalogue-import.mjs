// Catalogue import figures (the twenty-ninth note): a CSV of BENCH_IMPORT_ROWS (20,000, the most
// one import takes) new products, then the same codes again with every price changed and every
// tenth row's barcode changed, then that file once more (nothing changes), on a shop's SQLite and
// on a hosted server's PostgreSQL. Each file is
// sent as a preview (parse and check, nothing written: the baseline) and as a commit (every row
// written in one transaction under the business's lock: what a sale of that business waits for).
// While each commit runs, one product is saved through the API: how long that write waited.
// Run alone with `node bench/catalogue-import.mjs` (after `npm run build`).
import { call, onBothDatabases, runAlone } from './both-databases.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
const COLUMNS = 'code,name,barcodes,category,unit,price,buying_price,tax_rate,reorder_level,active';

/** The file: row `i` is product IMP<i>; `round` 1 changes every price and every tenth barcode. */
function csvOf(round) {
  const lines = [COLUMNS];
  for (let i = 0; i < ROWS; i++) {
    const code = `IMP${String(i).padStart(6, '0')}`;
    const barcode = `${round === 1 && i % 10 === 0 ? 7 : 6}${String(i).padStart(12, '0')}`;
    const price = (100 + (i % 900) + round * 5).toFixed(2);
    lines.push(`${code},Imported item ${i},${barcode},Aisle ${i % 40},each,${price},50.00,16,2,yes`);
  }
  return `${lines.join('\n')}\n`;
}

/** One import request's time in ms; with `probe`, also how long a product saved meanwhile took. */
async function timedImport(url, cookie, csv, commit, probe) {
  const t0 = performance.now();
  const done = call(url, cookie, '/api/products/import', { csv, commit }).then(async (res) => {
    const body = await res.json();
    if (!body.valid)
      throw new Error(`import refused: ${JSON.stringify(body.rows.find((r) => r.errors.length))}`);
    return performance.now() - t0;
  });
  let waited = null;
  if (probe) {
    await new Promise((r) => setTimeout(r, 300)); // the import is parsing and writing by now
    const p0 = performance.now();
    const res = await fetch(`${url}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(probe),
    });
    // a write that gave up waiting for the lock answers 503 server_busy: a sale would too
    waited = { ms: performance.now() - p0, status: res.status };
  }
  return { ms: await done, waited };
}

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function figures(label, url, cookie) {
  let n = 0;
  const probe = () => ({ name: `Probe ${++n}`, code: `PROBE${n}`, price: 100 });
  for (const [what, round] of [
    ['new products', 0],
    ['known products, prices changed', 1],
    ['known products, the same file again', 1],
  ]) {
    const csv = csvOf(round);
    const preview = await timedImport(url, cookie, csv, false);
    const commit = await timedImport(url, cookie, csv, true, probe());
    console.log(
      `${`${label}: import ${ROWS.toLocaleString('en')} ${what}`.padEnd(58)} commit ${s(commit.ms).padEnd(9)} preview ${s(preview.ms).padEnd(9)} (commit ${(commit.ms / preview.ms).toFixed(1)}× preview); a product saved meanwhile: ${commit.waited.status} after ${s(commit.waited.ms)}`,
    );
  }
}

/** The import figures on SQLite (a shop) and PostgreSQL (a hosted server at `adminUrl`). */
export async function importFigures({ root, adminUrl }) {
  console.log(
    `\nCatalogue import, ${ROWS.toLocaleString('en')} rows, one request each (preview: checks only, the baseline; commit: every row under the business's lock):`,
  );
  await onBothDatabases({ root, adminUrl, businessName: 'Import shop' }, figures);
}

await runAlone(import.meta, importFigures);
