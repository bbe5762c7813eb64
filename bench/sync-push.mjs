// The shop's side of the sync figure, in its own process (so its peak memory is its own): links
// the seeded SQLite database to the hosted server with a one-time code, then pushes until nothing
// waits by calling the push job's own pushPending directly (no 2-second tick in the figure).
// Prints one JSON line: the link and push times, batches, what still waits and its VmHWM.
// Environment: SQLITE_FILE, BUSINESS_ID, HOSTED_URL, LINK_CODE.
import fs from 'node:fs';
import { openDatabase } from '../apps/server/dist/db/database.js';
import { waitingAfter } from '../apps/server/dist/modules/sync/batch.js';
import { linkOf, linkToHosted } from '../apps/server/dist/modules/sync/link-local.js';
import { pushPending } from '../apps/server/dist/modules/sync/push.js';

const env = (name) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};
const peakKb = () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);

const businessId = env('BUSINESS_ID');
// A local server without KEY_ENCRYPTION_KEY keeps its credential unsealed, as here.
const keys = { keyEncryptionKey: undefined };
const db = openDatabase({ sqliteFile: env('SQLITE_FILE') });
const rssBefore = peakKb();
const t0 = performance.now();
await linkToHosted(
  db,
  businessId,
  env('HOSTED_URL'),
  env('LINK_CODE'),
  keys,
  new Date().toISOString(),
  'Bench PC',
);
const t1 = performance.now();
const cpu0 = process.cpuUsage();
const outcome = await pushPending({ db, keys, now: () => new Date() }, await linkOf(db, businessId));
const t2 = performance.now();
const cpu = process.cpuUsage(cpu0);
const link = await linkOf(db, businessId);
const waiting = await waitingAfter(db, businessId, Number(link.push_cursor));
await db.close();
console.log(
  JSON.stringify({
    linkMs: t1 - t0,
    pushMs: t2 - t1,
    cpuS: (cpu.user + cpu.system) / 1e6,
    outcome,
    cursor: Number(link.push_cursor),
    waiting: waiting.entries,
    peakKbBefore: rssBefore,
    peakKb: peakKb(),
  }),
);
