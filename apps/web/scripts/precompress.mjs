#!/usr/bin/env node
// After `vite build`: a brotli (quality 11) and a gzip (level 9) copy beside every text file of the
// built app, so the server sends the precompressed one the browser accepts (@fastify/static
// `preCompressed`) and compresses nothing per request. A copy that would not be smaller is skipped.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist');
const TEXT = /\.(?:js|mjs|css|html|json|svg|webmanifest|txt|xml)$/;
const MIN_BYTES = 512;

function* files(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(dir)) {
  const raw = fs.readFileSync(file);
  if (raw.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = zlib.gzipSync(raw, { level: 9 });
  if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
  count++;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dir) || '.'} (.br, .gz)`);
