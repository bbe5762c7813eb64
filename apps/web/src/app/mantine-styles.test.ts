import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANTINE_BASE, mantineOrder, packageStyles, stylesOf } from '../../mantine-styles';

/**
 * Mantine's styles are imported per component (issue 21): each module that renders a component
 * brings its styles, so a screen's chunk loads those it shows and no others. Nothing at run time
 * says when one is missing (the component just looks wrong), so this walks the sources.
 */
const src = path.join(import.meta.dirname, '..');
const walk = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const sources = walk(src).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|[\\/]test[\\/]/.test(f));
const text = new Map(sources.map((f) => [f, fs.readFileSync(f, 'utf8')]));
const rel = (f: string) => path.relative(src, f);

/** The value imports of a module: [names, from] (type-only imports left out). */
function importsOf(file: string): { names: string[]; from: string }[] {
  const out: { names: string[]; from: string }[] = [];
  for (const m of text.get(file)!.matchAll(/^import\s+(type\s+)?(?:([^'"]*?)\s+from\s+)?'([^']+)';/gm)) {
    if (m[1]) continue;
    const names = [...(m[2] ?? '').matchAll(/\{([^}]*)\}/g)].flatMap((b) =>
      b[1]!
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith('type ')),
    );
    out.push({ names, from: m[3]! });
  }
  return out;
}

/** A relative import's file. */
function resolve(file: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(file), spec);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => text.has(f));
}

/** The style files of @mantine/core a module's components need (with those they are built on). */
function needed(file: string): Set<string> {
  const need = new Set<string>();
  for (const { names, from } of importsOf(file)) {
    const pkg = /^@mantine\/(core|charts|notifications|dates)$/.exec(from)?.[1];
    if (!pkg) continue;
    for (const name of names.map((n) => n.split(/\s+as\s+/)[0]!)) {
      if (pkg === 'core') stylesOf(name).forEach((s) => need.add(s));
      // a component of another Mantine package: its own styles and those of the core components it uses
      else if (/^[A-Z]/.test(name)) {
        need.add(`@mantine/${pkg}`);
        packageStyles(pkg).forEach((s) => need.add(s));
      }
    }
  }
  return need;
}

/** The style files a module imports itself: @mantine/core's by name, another package's as `@mantine/x`. */
function stylesImported(file: string): string[] {
  return importsOf(file).flatMap(({ from }) => {
    const core = /^@mantine\/core\/styles\/([\w-]+)\.css$/.exec(from)?.[1];
    if (core) return [core];
    const other = /^(@mantine\/\w+)\/styles\.css$/.exec(from)?.[1];
    return other ? [other] : [];
  });
}

/** The style files a module has once it has run: its own and those of the modules it imports, transitively. */
function stylesLoaded(file: string, seen = new Set<string>()): Set<string> {
  const out = new Set<string>();
  if (seen.has(file)) return out;
  seen.add(file);
  stylesImported(file).forEach((s) => out.add(s));
  for (const { from } of importsOf(file)) {
    const local = from.startsWith('.') ? resolve(file, from) : undefined;
    if (local) stylesLoaded(local, seen).forEach((s) => out.add(s));
  }
  return out;
}

describe("Mantine's styles, per component", () => {
  it('every module that renders a Mantine component has its styles (and those it is built on) loaded', () => {
    const missing = sources.flatMap((file) => {
      const loaded = stylesLoaded(file);
      const lacking = [...needed(file)].filter((s) => !loaded.has(s));
      return lacking.length ? [`${rel(file)}: ${lacking.join(', ')}`] : [];
    });
    expect(missing).toEqual([]);
  });

  it("each module imports @mantine/core's style files in Mantine's order, the base ones only in main.tsx", () => {
    const order = mantineOrder();
    const wrong = sources.flatMap((file) => {
      const core = stylesImported(file).filter((s) => !s.startsWith('@'));
      const problems = core.flatMap((s, i) => {
        if (!order.has(s)) return [`${s} is no style file of @mantine/core`];
        if (i > 0 && order.get(core[i - 1]!)! > order.get(s)!) return [`${core[i - 1]} before ${s}`];
        if (MANTINE_BASE.includes(s) && rel(file) !== 'main.tsx') return [`${s} outside main.tsx`];
        return [];
      });
      return problems.map((p) => `${rel(file)}: ${p}`);
    });
    expect(wrong).toEqual([]);
  });

  it('main.tsx imports the base first and the whole stylesheet nowhere', () => {
    const main = importsOf(path.join(src, 'main.tsx')).map((i) => i.from);
    expect(main.slice(0, 3)).toEqual(MANTINE_BASE.map((s) => `@mantine/core/styles/${s}.css`));
    const whole = sources.filter((f) =>
      importsOf(f).some(
        ({ from }) =>
          /^@mantine\/\w+\/styles(\.layer)?\.css$|\.layer\.css$/.test(from) &&
          !/^@mantine\/(charts|notifications|dates)\/styles\.css$/.test(from),
      ),
    );
    expect(whole.map(rel)).toEqual([]);
  });

  it("a module's own CSS module comes after the Mantine styles it imports, so its rules win a tie", () => {
    const wrong = sources.flatMap((file) => {
      const specs = importsOf(file).map((i) => i.from);
      const own = specs.findIndex((s) => s.endsWith('.module.css'));
      if (own < 0) return [];
      const mantine = specs.findLastIndex(
        (s) => /^@mantine\/.*\.css$/.test(s) || /^\.\.?\/(\.\.\/)?styles$/.test(s),
      );
      return mantine > own || (mantine < 0 && needed(file).size > 0) ? [rel(file)] : [];
    });
    expect(wrong).toEqual([]);
  });
});
