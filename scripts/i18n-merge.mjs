#!/usr/bin/env node
// Merges translation keys into the four language files at once:
//   node scripts/i18n-merge.mjs fragment.json
// where fragment.json is {"en": {...}, "es": {...}, "pt": {...}, "de": {...}}. Nested objects merge
// key by key; a value given replaces the old one. Every language must be in the fragment, with the
// same keys, so the files never drift apart. The files are read and written in one go.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/assets/i18n');
const LANGS = ['en', 'es', 'pt', 'de'];
const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/i18n-merge.mjs fragment.json');
  process.exit(2);
}
const fragment = JSON.parse(fs.readFileSync(file, 'utf8'));
const flat = (o, p = '') =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${p}${k}.`) : [`${p}${k}`]));
const want = JSON.stringify(flat(fragment.en ?? {}).sort());
for (const l of LANGS) {
  if (!fragment[l]) throw new Error(`The fragment has no "${l}"`);
  if (JSON.stringify(flat(fragment[l]).sort()) !== want)
    throw new Error(`"${l}" does not have the same keys as "en"`);
}
const merge = (into, from) => {
  for (const [k, v] of Object.entries(from)) {
    if (v && typeof v === 'object' && into[k] && typeof into[k] === 'object') merge(into[k], v);
    else into[k] = v;
  }
  return into;
};
for (const l of LANGS) {
  const target = path.join(dir, `${l}.json`);
  const current = JSON.parse(fs.readFileSync(target, 'utf8'));
  const tmp = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(merge(current, fragment[l]), null, 2)}\n`);
  fs.renameSync(tmp, target);
}
console.log(`merged ${flat(fragment.en).length} keys into ${LANGS.join(', ')}`);
