// A preload for bench/profile-checkout.mjs (STATEMENT_TIMES=1): times every statement the local
// server runs through its SQLite driver (GroupCommitDriver.execute; not the group's own BEGIN and
// COMMIT), by SQL text. On SIGUSR2 it writes the table, slowest in total first, to
// DUKA_BENCH_STATEMENT_FILE and starts counting afresh. Bench only: the server never loads it.
import fs from 'node:fs';
import { GroupCommitDriver } from '../apps/server/dist/db/group-commit.js';

const file = process.env.DUKA_BENCH_STATEMENT_FILE;
let times = new Map();
const execute = GroupCommitDriver.prototype.execute;
GroupCommitDriver.prototype.execute = function timed(query, inTransaction) {
  const t0 = process.hrtime.bigint();
  try {
    return execute.call(this, query, inTransaction);
  } finally {
    const key = query.sql.replace(/\s+/g, ' ').trim().slice(0, 100);
    const e = times.get(key) ?? { ns: 0, n: 0 };
    e.ns += Number(process.hrtime.bigint() - t0);
    e.n += 1;
    times.set(key, e);
  }
};
process.on('SIGUSR2', () => {
  const rows = [...times]
    .sort((a, b) => b[1].ns - a[1].ns)
    .map(
      ([sql, { ns, n }]) => `${(ns / n / 1000).toFixed(1).padStart(7)} µs × ${String(n).padStart(6)}  ${sql}`,
    );
  if (file) fs.writeFileSync(file, `${rows.join('\n')}\n`);
  times = new Map();
});
