#!/usr/bin/env node
// How fast this machine is right now: a fixed CPU loop (JSON.stringify, JSON.parse and SHA-256 of
// 20,000 sale-line-like rows, ten times). Read it before comparing bench figures taken at
// different moments: on the same 2-core machine it took 199 ms one evening and 300-430 ms the
// afternoon before, and the sync figures moved with it (docs/performance-log.md).
import { createHash } from 'node:crypto';

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The loop's time in milliseconds, measured in this process. */
export function calibrationMs() {
  const rows = Array.from({ length: 20_000 }, (_, i) => ({
    id: `0190b1a0-0000-7000-8000-${String(i).padStart(12, '0')}`,
    product_id: `p${i % 500}`,
    quantity: 1000 * (i % 7),
    price: 6500 + i,
    name: `Sugar 1 kg ${i}`,
  }));
  const t0 = performance.now();
  for (let k = 0; k < 10; k++) {
    const text = JSON.stringify(rows);
    if (JSON.parse(text).length !== rows.length) throw new Error('calibration: bad round trip');
    createHash('sha256').update(text).digest('hex');
  }
  return performance.now() - t0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  console.log(`calibration loop: ${calibrationMs().toFixed(0)} ms`);
