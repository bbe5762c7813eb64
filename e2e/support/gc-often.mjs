// Test-only preload for the memory comparisons of the sync process tests (ADR 11 §10):
//   NODE_OPTIONS="--expose-gc --import /abs/path/e2e/support/gc-often.mjs"
// collects the garbage every DUKA_TEST_GC_MS (default 1000 ms), so that a process's peak resident
// memory (VmHWM) follows what it really needs rather than how long V8 chose to let garbage pile
// up (V8 grows the old generation lazily: without this, the peak of a run grows with its length
// for a while even when every batch lets go of everything it held). With DUKA_TEST_MEM_FILE, it
// also writes there, after each collection, the JS heap still in use (`heap_kb`) and the largest
// such figure so far (`max_heap_kb`): what the process holds on to, which a leak makes grow.
import fs from 'node:fs';

const ms = Number(process.env.DUKA_TEST_GC_MS || 1000);
const file = process.env.DUKA_TEST_MEM_FILE;
let max = 0;
if (typeof globalThis.gc === 'function' && ms > 0) {
  setInterval(() => {
    globalThis.gc();
    const heap = Math.floor(process.memoryUsage().heapUsed / 1024);
    max = Math.max(max, heap);
    if (file) fs.writeFileSync(file, JSON.stringify({ pid: process.pid, heap_kb: heap, max_heap_kb: max }));
  }, ms).unref();
}
