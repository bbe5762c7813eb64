// CPU profiles of a page's load with their frames named through the built app's source maps, for
// the page scripts that read profiles (profile-task, eval-page). The names need a build with
// source maps (`cd apps/web && npx vite build --sourcemap`); without, a frame keeps its minified
// name and its chunk's file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer } from 'source-map';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/assets');

const maps = new Map();
async function consumer(file) {
  if (!maps.has(file)) {
    const p = path.join(assets, `${file}.map`);
    maps.set(
      file,
      fs.existsSync(p) ? await new SourceMapConsumer(JSON.parse(fs.readFileSync(p, 'utf8'))) : null,
    );
  }
  return maps.get(file);
}

/** A sampled frame as `function source:line`, through the chunk's source map when there is one. */
export async function nameOf(f) {
  const file = f.url ? f.url.split('/').pop() : '';
  const c = file ? await consumer(file) : null;
  if (!c) return `${f.functionName || '(anonymous)'} ${file || '(native)'}`;
  const o = c.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
  const src = (o.source ?? '').replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/');
  return `${o.name || f.functionName || '(anonymous)'} ${src}:${o.line}`;
}

/**
 * A CPU profile of a page's load (`load()`, then 3 s more), sampled every 100 µs: the profile, its
 * nodes by id, each node's parent and each node's name (`nameOf`).
 */
export async function profileLoad(cdp, load) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await load();
  await new Promise((r) => setTimeout(r, 3000));
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const names = new Map();
  for (const n of profile.nodes) names.set(n.id, await nameOf(n.callFrame));
  return { profile, byId, parent, names };
}
