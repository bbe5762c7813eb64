/**
 * What Mantine's per-component style files are and need, read from the installed packages: the
 * build checks the order of the files in its chunks (vite.config.ts) and a unit test checks that
 * each module imports the styles of the components it renders (src/app/mantine-styles.test.ts).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const coreStyles = require.resolve('@mantine/core/styles.css');
const coreEsm = path.join(path.dirname(coreStyles), 'esm');

/** The base files, which come before every component's. */
export const MANTINE_BASE = ['baseline', 'default-css-variables', 'global'];

/** Each style file of @mantine/core (its name without `.css`) by its place in styles.css, the whole in Mantine's order. */
export function mantineOrder(): Map<string, number> {
  const all = fs.readFileSync(coreStyles, 'utf8');
  const dir = path.join(path.dirname(coreStyles), 'styles');
  const order = new Map<string, number>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))) {
    const at = all.indexOf(fs.readFileSync(path.join(dir, file), 'utf8').trim().slice(0, 300));
    if (at < 0) throw new Error(`@mantine/core/styles/${file} is not in styles.css`);
    order.set(file.replace(/\.css$/, ''), at);
  }
  return order;
}

const importsOf = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/^import\s+(?:[^"']*?from\s+)?["']([^"']+)["']/gm)].map(
    (m) => m[1]!,
  );

/** The style files a module of @mantine/core's build uses: its CSS modules and those of what it imports. */
function stylesOfModule(file: string, seen = new Set<string>()): Set<string> {
  const out = new Set<string>();
  if (seen.has(file)) return out;
  seen.add(file);
  const own = /([A-Za-z]+)\.module\.mjs$/.exec(file)?.[1];
  if (own) out.add(own);
  for (const spec of importsOf(file).filter((s) => s.startsWith('.')))
    for (const name of stylesOfModule(path.resolve(path.dirname(file), spec), seen)) out.add(name);
  return out;
}

let exportsOfCore: Map<string, string> | null = null;
let before: Map<string, Set<string>> | null = null;
const stylesByExport = new Map<string, Set<string>>();

/**
 * The style files a component exported by @mantine/core needs: its own and those of the components
 * it is built on (Select: Input, Combobox, Popover, ScrollArea…), as Mantine's docs ask. Hooks and
 * helpers need none.
 */
export function stylesOf(name: string): Set<string> {
  exportsOfCore ??= new Map(
    [
      ...fs
        .readFileSync(path.join(coreEsm, 'index.mjs'), 'utf8')
        .matchAll(/^import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/gm),
    ].flatMap((m) =>
      m[1]!.split(',').map((n): [string, string] => {
        const [local, alias] = n.trim().split(/\s+as\s+/);
        return [(alias ?? local)!.trim(), path.resolve(coreEsm, m[2]!)];
      }),
    ),
  );
  let styles = stylesByExport.get(name);
  if (!styles) {
    const file = exportsOfCore.get(name);
    if (!file) throw new Error(`@mantine/core exports no ${name}`);
    styles = stylesOfModule(file);
    // a file's rules assume those of the components it is built on came first (Combobox's
    // dropdown overrides Popover's padding), even where only part of it is used (NativeSelect
    // takes Combobox's chevron): each file brings those its whole component needs
    before ??= stylesBefore();
    for (const s of styles) before.get(s)?.forEach((b) => styles!.add(b));
    stylesByExport.set(name, styles);
  }
  return styles;
}

/** The style files each component's own file needs before it (Button: UnstyledButton, Loader). */
export function stylesBefore(): Map<string, Set<string>> {
  const needs = new Map<string, Set<string>>();
  const components = path.join(coreEsm, 'components');
  for (const dir of fs.readdirSync(components)) {
    const main = path.join(components, dir, `${dir}.mjs`);
    if (!fs.existsSync(main) || !fs.existsSync(path.join(components, dir, `${dir}.module.mjs`))) continue;
    needs.set(dir, new Set([...stylesOfModule(main)].filter((s) => s !== dir)));
  }
  return needs;
}

/**
 * The style files of @mantine/core that another Mantine package's components use (@mantine/charts:
 * ColorSwatch, Paper, Tooltip…), read from the package's build; its own file is `@mantine/x/styles.css`.
 */
export function packageStyles(pkg: string): Set<string> {
  const esm = path.join(path.dirname(require.resolve(`@mantine/${pkg}/styles.css`)), 'esm');
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  const out = new Set<string>();
  for (const file of walk(esm).filter((f) => f.endsWith('.mjs'))) {
    for (const m of fs
      .readFileSync(file, 'utf8')
      .matchAll(/^import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/gm)) {
      for (const name of m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!)) {
        if (!/^[A-Z]/.test(name)) continue;
        try {
          stylesOf(name).forEach((s) => out.add(s));
        } catch {
          // not a component of @mantine/core's index (a type, RemoveScroll's re-export)
        }
      }
    }
  }
  return out;
}
