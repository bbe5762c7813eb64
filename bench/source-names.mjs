// A CPU profile's frames named through the built app's source maps, for the page scripts that read
// profiles (profile-task, eval-page): the build needs them (`cd apps/web && npx vite build
// --sourcemap`); without, a frame keeps its minified name and its chunk's file.
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
