// Two builds of the web app measured in turns (issue 21): on this machine a build's figures swing
// with the machine's load, so a change is judged only against the build before it measured in the
// same minutes. Each build is a folder `vite build` made and scripts/precompress.mjs compressed; the
// local server serves apps/web/dist, so each turn puts each build there in its turn (the order
// flipped every turn) and the original goes back at the end, or on Ctrl-C or a kill (do not build
// or run e2e tests meanwhile).
//   cd apps/web && npx vite build --outDir /tmp/dist-a --emptyOutDir && node scripts/precompress.mjs /tmp/dist-a
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

/** The two build folders given on the command line, or an error saying how to call `script`. */
export function buildsFromArgs(script) {
  const builds = process.argv.slice(2);
  if (builds.length !== 2 || !builds.every((b) => fs.existsSync(path.join(b, 'index.html'))))
    throw new Error(`usage: node bench/${script} <build folder A> <build folder B>`);
  return builds;
}

/**
 * Runs `each(b, turn)` for each build `b` (0 or 1) in each of `turns` turns, with build b in
 * apps/web/dist. `onStop` (optional) stops what a turn started when the script is stopped.
 */
export async function inTurns(builds, turns, each, onStop = () => {}) {
  const saved = `${dist}.turns-${process.pid}`;
  fs.renameSync(dist, saved);
  const restore = () => {
    if (!fs.existsSync(saved)) return;
    fs.rmSync(dist, { recursive: true, force: true });
    fs.renameSync(saved, dist);
  };
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      onStop();
      restore();
      process.exit(130);
    });
  try {
    for (let turn = 0; turn < turns; turn++) {
      for (const b of turn % 2 === 0 ? [0, 1] : [1, 0]) {
        fs.rmSync(dist, { recursive: true, force: true });
        fs.cpSync(builds[b], dist, { recursive: true });
        await each(b, turn);
      }
      console.log(`turn ${turn + 1} of ${turns} done`);
    }
  } finally {
    restore();
  }
}

export const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
