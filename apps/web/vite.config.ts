import { type Plugin, type Rolldown, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { answerChecks } from './answer-checks.ts';
import { MANTINE_BASE, stylesBefore } from './mantine-styles.ts';
import { mantineCssVariablesAsFile } from './mantine-provider-css.ts';
import { mantineUseIdFromReact } from './mantine-use-id.ts';
import { LOGIN_FRAME_KEYS, type LoginFrameWords } from './src/lib/login-frame-words.ts';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const i18nDir = path.join(root, 'public/assets/i18n');

/**
 * A content hash per translation file, fetched as `/assets/i18n/{lang}.json?v={hash}`: the server
 * gives that answer a one-year immutable cache when the hash is its file's (the same hash: the
 * first 12 hex digits of the file's sha256; apps/server/src/http/web-app.ts).
 */
function i18nVersions(): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const file of fs.readdirSync(i18nDir).filter((f) => f.endsWith('.json'))) {
    const hash = createHash('sha256').update(fs.readFileSync(path.join(i18nDir, file)));
    versions[file.replace(/\.json$/, '')] = hash.digest('hex').slice(0, 12);
  }
  return versions;
}

/** A string of a translation file by its dotted key, or an error naming the file and the key. */
function wordOf(data: unknown, key: string, file: string): string {
  let at: unknown = data;
  for (const part of key.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
  if (typeof at !== 'string') throw new Error(`${file} has no ${key}`);
  return at;
}

/**
 * The words boot.ts paints before the app's code and its language file have arrived
 * (src/lib/start-frame.ts), in each language, from the translation files: the till's frame has its
 * empty cart's (`till.cart.empty`), the sign-in page's frame its card's.
 */
export function frameWords(dir = i18nDir): Record<string, { till: string; login: LoginFrameWords }> {
  const words: Record<string, { till: string; login: LoginFrameWords }> = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const data: unknown = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    const login = Object.fromEntries(
      Object.entries(LOGIN_FRAME_KEYS).map(([name, key]) => [name, wordOf(data, key, file)]),
    ) as LoginFrameWords;
    words[file.replace(/\.json$/, '')] = { till: wordOf(data, 'till.cart.empty', file), login };
  }
  return words;
}

/**
 * The app's stylesheet in the body, between the start screen and the app's root (at index.html's
 * `<!-- app styles -->`), instead of in the head: the start screen (its few rules are inline)
 * paints as soon as the page arrives, without waiting for the styles; the app's scripts still run
 * only once the styles have loaded (a stylesheet blocks the scripts), so nothing the app renders
 * shows unstyled; and the theme's variables, which the app writes inside its root, still come
 * after the stylesheet's defaults. A preload in the head starts the download at once.
 */
export function moveStylesToBody(html: string): string {
  const links = html.match(/<link rel="stylesheet"[^>]*>\n?/g) ?? [];
  if (!html.includes('<!-- app styles -->')) return html;
  let out = html;
  const moved: string[] = [];
  for (const link of links) {
    const href = /href="([^"]+)"/.exec(link)?.[1];
    if (!href) continue;
    out = out.replace(link, `<link rel="preload" as="style" crossorigin href="${href}">\n`);
    moved.push(link.trim());
  }
  return out.replace('<!-- app styles -->', moved.join('\n    '));
}

/** Where Vite's preload helper puts the stylesheet of a screen loaded later, and where it should. */
const PRELOAD_APPEND = 'document.head.appendChild(link);';
const PRELOAD_INSERT =
  'if (isCss && document.getElementById("root")) document.body.insertBefore(link, document.getElementById("root")); else document.head.appendChild(link);';

/**
 * A lazy chunk's stylesheets after the app's first ones, in the body before the app's root, not at
 * the end of the head where Vite's preload helper appends them: with the first stylesheets in the
 * body (moveStylesToBody), a screen's styles in the head came before them in the cascade, so
 * Mantine's rules beat the screen's CSS modules where both set a property with the same
 * specificity (the till's cart lost `display: flex` to Paper's `display: block`). Now the order is
 * the order of loading again: Mantine's base and the first components, the app's global styles,
 * then each screen's Mantine components and CSS modules as it loads, all before the theme's
 * variables Mantine writes inside the root.
 */
export function lazyStylesAfterFirst(code: string): string {
  if (!code.includes(PRELOAD_APPEND))
    throw new Error(`vite's preload helper no longer has ${PRELOAD_APPEND}`);
  return code.replace(PRELOAD_APPEND, PRELOAD_INSERT);
}

function lazyStylesInBody(): Plugin {
  return {
    name: 'duka-lazy-styles-in-body',
    apply: 'build',
    transform: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler: (code) => lazyStylesAfterFirst(code),
    },
  };
}

/** Mantine's style files: @mantine/core's, one per component and the base ones, and @mantine/notifications'. */
const MANTINE_CSS = /[\\/]@mantine[\\/](?:core[\\/]styles[\\/][\w-]+|notifications[\\/]styles)\.css$/;

/** A module of the app's features or shared components (not main.tsx, lib/ or app/). */
const APP_MODULE_WITHOUT_EFFECTS = /[\\/]apps[\\/]web[\\/]src[\\/](?:features|components)[\\/].*\.tsx?$/;

/** The modules the start (the sign-in page) loads with it: main.tsx's static imports, transitively. */
let startModules: Set<string> | null = null;
function startModulesOf(ctx: Rolldown.ChunkingContext): Set<string> {
  if (startModules) return startModules;
  const seen = new Set<string>();
  const queue = [path.join(root, 'src/main.tsx')];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return (startModules = seen);
}

/** @tabler/icons-react's index, which imports every icon. */
const ICONS_INDEX = /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs$/;

/**
 * The icons the till's start shows, by file: those named by the modules the shell (app-layout) and
 * the till's page import statically, where they import the icons' index (an icon may have two
 * names: IconDiscount2 is IconRosetteDiscount's file).
 */
let tillIcons: Set<string> | null = null;
function tillIconsOf(ctx: Rolldown.ChunkingContext): Set<string> {
  if (tillIcons) return tillIcons;
  const seen = new Set<string>();
  const names = new Set<string>();
  let index = '';
  const queue = ['src/features/layout/app-layout.tsx', 'src/features/till/till-page.tsx'].map((f) =>
    path.join(root, f),
  );
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const code = ctx.getModuleInfo(id)?.code ?? '';
    if (ICONS_INDEX.test(id)) {
      index = code;
      continue;
    }
    for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@tabler\/icons-react["']/g))
      for (const part of m[1]!.split(',')) names.add(part.trim().split(/\s+as\s+/)[0]!);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  if (!index) throw new Error("@tabler/icons-react's index was not found: the icons' chunks need it");
  const files = new Set<string>();
  for (const m of index.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']\.\/icons\/(Icon\w+)\.mjs["']/g))
    if (m[1]!.split(',').some((part) => names.has(part.trim().replace(/^default\s+as\s+/, ''))))
      files.add(m[2]!);
  return (tillIcons = files);
}

/**
 * The icons in two files: those the shell and the till show (`icons`, a signed-in shared file), and
 * those only other screens, dialogs and menus show (`icons-more`, loaded with the first of them):
 * the till's start loaded some forty icons it does not show (issue 21).
 */
function iconsChunk(id: string, ctx: Rolldown.ChunkingContext): string | null {
  if (!ICONS.test(id)) return null;
  const name = /[\\/]icons[\\/](Icon\w+)\.mjs$/.exec(id)?.[1];
  return name && !tillIconsOf(ctx).has(name) ? 'icons-more' : 'icons';
}

/**
 * Mantine's styles in two chunks (issue 21): those of the components the start shows (the sign-in
 * page, the toasts), with Mantine's base, in the page's own stylesheets; and those of every other
 * component the app uses, loaded with the first signed-in screen (or the setup or error page),
 * before that screen's own CSS. Left to itself the bundler spread them over some thirty chunks by
 * which screens share them, and the order of the stylesheets, which decides between rules of the
 * same specificity, followed that spread instead of Mantine's order.
 */
function mantineStylesChunk(id: string, ctx: Rolldown.ChunkingContext): string | null {
  if (!MANTINE_CSS.test(id)) return null;
  return startModulesOf(ctx).has(id) ? 'mantine-start' : 'mantine';
}

/**
 * Fewer, larger files (issue 21). Left to itself the bundler gave each small piece shared by a
 * different set of screens, or by the start and a screen, a file of its own: an icon, a hook, a
 * component or its helper, the API client, the formats, most under 1 KB. The till loaded 109
 * files, the sign-in page 26, and each file costs the main thread Chromium's loading work on its
 * response (a few ms at 4x CPU) and, on a slow line, a place in the queue. Now:
 * - `start`: everything the start (the sign-in page) imports, in the app's entry chunk, but for
 *   boot.ts's own module (boot.ts runs first, alone, and must not wait for the app's code) and the
 *   styles;
 * - `app`: the router, TanStack Query and src/app/start-app.tsx, which the signed-out sign-in page
 *   (the card alone, main.tsx) does not load: 120 KB of gzip there since, from 175 KB;
 * - `icons`: the icons the shell and the till show, in one file (3.4 KB of gzip), and every other
 *   icon in `icons-more` (2.8 KB), loaded with the first screen or dialog that shows one
 *   (iconsChunk; until 1 December one file of 6 KB, of which the till used 4);
 * - `mantine-hooks`: every other hook of @mantine/hooks, in one file (2 KB), but for those only the
 *   overlays and the back office use (MANTINE_HOOKS_MORE, in `mantine-more`; 7 KB before);
 * - `mantine-ui`: every other component the screens show as they open (the shell's, the till's:
 *   7 KB since 1 December), in one file; but for those only the back office's forms use
 *   (BACK_OFFICE_UI), which stay with their screens (with them it was 35 KB more for the till);
 * - `mantine-more`: the overlays and what only the back office shows (MANTINE_MORE).
 * The sign-in page now loads 10 files (174 KB of gzip; 26 and 182 before), the till 47 files and
 * 297 KB (109 and 318 before), which scored 69-77 against 59-64 (Lighthouse, builds in turns;
 * docs/performance.md). e2e/first-paint.spec.ts holds both pages to it. The app's modules and the
 * domain's used by screens only are left to the bundler: a group of them took code the sign-in
 * page does not need into its start.
 */
const NOT_START =
  /node_modules[\\/]zod[\\/]|\.css$|[\\/]src[\\/](?:boot\.ts|main\.tsx|lib[\\/](?:early-translation|signed-in-files|start-frame|login-frame)\.ts)$/;
/**
 * boot.ts's modules the app uses too (the language file's early fetch, the signed-in files'
 * preload, the frames' life); the sign-in card's frame (login-frame.ts) is boot.ts's alone.
 */
const EARLY_TRANSLATION = /[\\/]src[\\/]lib[\\/](?:early-translation|signed-in-files|start-frame)\.ts$/;
const ICONS = /node_modules[\\/]@tabler[\\/]/;
/**
 * The app beyond the signed-out sign-in page (main.tsx): the router, TanStack Query and the app's
 * start (src/app/start-app.tsx and what only it imports there), a chunk of its own that page does
 * not load.
 */
const APP =
  /node_modules[\\/](?:react-router|@tanstack)[\\/]|[\\/]src[\\/]app[\\/](?:start-app|app-router|router|lazy-screen|providers)\.tsx$/;
const MANTINE_HOOKS = /node_modules[\\/]@mantine[\\/]hooks[\\/]/;
/**
 * Mantine's hooks that only the overlays and the back office's inputs use (the focus trap and focus
 * return of dialogs and popovers, the scroll area's resize observer, the copy button's clipboard,
 * the pagination…), or nothing the app shows: with the overlays in `mantine-more`, not in the
 * hooks every signed-in screen loads.
 */
const MANTINE_HOOKS_MORE =
  /@mantine[\\/]hooks[\\/]esm[\\/]use-(?:pagination|long-press|focus-trap|resize-observer|debounced-callback|clipboard|timeout|focus-return|click-outside|previous|mounted|shallow-effect|local-storage|drag)[\\/]/;
/** Mantine's components and what they are built on. */
const MANTINE_UI =
  /node_modules[\\/](?:@mantine[\\/]core|@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|tslib|get-nonce|detect-node-es)[\\/].*\.m?js$/;
/**
 * The components the till and the shell do not show as they open: the overlays (dialogs and
 * drawers on Mantine's modal base with its scroll lock; menus, popovers, tooltips and the
 * autocomplete on floating-ui; their scroll area), each loaded when first wanted (the till's dialogs
 * with the cart's first line, a menu when a pointer comes over its button, a tooltip when one rests
 * on its element), and the inputs and lists only they and the back office's screens use (select,
 * segmented control, table, progress…). A chunk of their own, loaded with the first code that shows
 * one, not with every signed-in screen: 37 KB of gzip the till's start no longer loads (issue 21).
 */
const MANTINE_MORE =
  /@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Modal|ModalBase|Drawer|FocusTrap|Select|SegmentedControl|FloatingIndicator|SimpleGrid|Table|Progress|Accordion|Code|Checkbox|Radio|CopyButton|Flex|Divider|Menu|Tooltip|Popover|Combobox|Autocomplete|ScrollArea)[\\/]|@mantine[\\/]core[\\/]esm[\\/]utils[\\/]Floating[\\/]|node_modules[\\/](?:@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|tslib|get-nonce|detect-node-es)[\\/]/;
/** The components the till and the menu do not show (the back office's forms and lists, the toasts). */
const BACK_OFFICE_UI =
  /@mantine[\\/]core[\\/]esm[\\/](?:components[\\/](?:Card|ColorSwatch|FileButton|FileInput|Grid|List|MultiSelect|Notification|NumberInput|Pagination|Pill|PillsInput|Switch|Tabs|TagsInput|Textarea)|utils[\\/](?:InlineInput|InputsGroupFieldset))[\\/]/;

/**
 * Resets the start's modules for each build, and fails the build when a chunk has Mantine's style
 * files out of order (the base after a component's, or a component's before those it is built on:
 * Button's before UnstyledButton's): the order of the stylesheet decides between rules of the same
 * specificity. The chunk keeps the order in which its files are first imported (each styles.ts
 * lists its files in Mantine's order).
 */
function mantineStylesInOrder(): Plugin {
  let before: Map<string, Set<string>>;
  return {
    name: 'duka-mantine-styles-in-order',
    apply: 'build',
    buildStart() {
      startModules = null;
      tillIcons = null;
      before = stylesBefore();
    },
    renderChunk(_code, chunk) {
      const files = chunk.moduleIds
        .filter((id) => /@mantine[\\/]core[\\/]styles[\\/]/.test(id))
        .map((id) => path.basename(id, '.css'));
      files.forEach((file, i) => {
        const late = files
          .slice(i + 1)
          .find(
            (other) =>
              (MANTINE_BASE.includes(other) && !MANTINE_BASE.includes(file)) || before.get(file)?.has(other),
          );
        if (late) throw new Error(`${chunk.name}: @mantine/core/styles/${file}.css comes before ${late}.css`);
      });
      return null;
    },
  };
}

/** V8's explicit compile hint (Chrome 136+): compile every function of the file while it downloads. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * `code` (and its source map's mappings, when there is one) with V8's compile hint as its first
 * line: the hint counts only for the functions after it, and Vite puts its table of preloaded
 * files at the top of a chunk after the bundler's own hooks (so not `output.postBanner`).
 */
export function withCompileHint(code: string, mappings?: string): { code: string; mappings?: string } {
  return { code: `${COMPILE_HINT}\n${code}`, mappings: mappings === undefined ? undefined : `;${mappings}` };
}

/**
 * The app's entry chunk (React DOM, Mantine's core, i18next, the router, TanStack Query and the
 * start's code) marked with V8's compile hint: V8 then compiles its functions on a background
 * thread as the file streams in, instead of on the main thread the first time each is called.
 * Nearly all of them run as the page starts; in a trace of the sign-in page the main thread's
 * compiling fell from 171–414 ms to 29–184 ms (unthrottled, three loads each way, 30 November).
 * The router's and TanStack Query's chunk (`app`) too: the signed-in start runs them. zod's chunk
 * had it while the start checked its answers with zod (30 November); since 1 December the start's
 * answers have checks compiled at build time (answer-checks.ts) and zod comes later, with the
 * cart's first line. Other chunks are left as they are: most of what a screen's chunk holds runs
 * only when used.
 */
const COMPILE_HINTED = (chunk: { isEntry: boolean; name: string }) =>
  (chunk.isEntry && chunk.name === 'index') || chunk.name === 'app';

function compileHintForStart(): Plugin {
  return {
    name: 'duka-compile-hint',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !COMPILE_HINTED(chunk)) continue;
          const mapAsset = bundle[`${chunk.fileName}.map`];
          const map =
            mapAsset?.type === 'asset'
              ? (JSON.parse(String(mapAsset.source)) as { mappings: string })
              : undefined;
          const hinted = withCompileHint(chunk.code, map?.mappings);
          chunk.code = hinted.code;
          if (map && mapAsset?.type === 'asset' && hinted.mappings !== undefined) {
            map.mappings = hinted.mappings;
            mapAsset.source = JSON.stringify(map);
          }
        }
      },
    },
  };
}

/** Where index.html lists the files every signed-in screen loads (read by src/boot.ts). */
const SIGNED_IN_FILES_ID = 'duka-signed-in-files';

/**
 * The files every signed-in screen loads and the start does not: the `mantine-ui`, `icons` and
 * `mantine-hooks` chunks and the signed-in screens' Mantine styles. A screen's chunk names them as
 * imports, so the browser found them only once that chunk had arrived, one round trip after the
 * app's entry; boot.ts asks for them at once when the browser is signed in (issue 21).
 */
export function signedInFiles(
  bundle: (
    { type: 'chunk'; name: string; fileName: string } | { type: 'asset'; names?: string[]; fileName: string }
  )[],
): string[] {
  const files = bundle
    .filter((f) =>
      f.type === 'chunk' ? SIGNED_IN_CHUNKS.includes(f.name) : (f.names ?? []).includes('mantine.css'),
    )
    .map((f) => `/${f.fileName}`);
  if (files.length !== SIGNED_IN_CHUNKS.length + 1)
    throw new Error(`the signed-in files are not all in the bundle: ${files.join(', ')}`);
  return files.sort();
}
const SIGNED_IN_CHUNKS = ['app', 'mantine-ui', 'icons', 'mantine-hooks'];

/**
 * src/boot.ts as the page's first script, an entry of its own: tiny, it runs while the app's code
 * is still downloading and starts the language file's fetch (Vite would fold a second script of
 * index.html into the app's entry, which runs only once all of its code has arrived).
 */
function bootScript(): Plugin {
  return {
    name: 'duka-boot-script',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.name === 'boot',
        );
        if (!boot) return html;
        // before the app's entry: module scripts run in the order they appear
        const tag = `<script type="module" crossorigin src="/${boot.fileName}"></script>`;
        const files = signedInFiles(Object.values(ctx.bundle ?? {}));
        const list = `<script type="application/json" id="${SIGNED_IN_FILES_ID}">${JSON.stringify(files)}</script>`;
        return moveStylesToBody(html.replace(/<script type="module"/, `${list}\n    ${tag}\n    $&`));
      },
    },
  };
}

/**
 * React Router's production build in the bundle: its package exports only its development build
 * (the two differ by `ENABLE_DEV_WARNINGS`), so the app carried the development warnings' code
 * and words (0.5 KB of gzip in `app`, issue 21). The build fails if the production build is gone.
 */
function reactRouterProduction(): Plugin {
  const file = fileURLToPath(
    new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
  );
  return {
    name: 'duka-react-router-production',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      if (!fs.existsSync(file)) throw new Error(`react-router has no production build at ${file}`);
    },
    resolveId: (id) => (id === 'react-router' ? file : undefined),
  };
}

/**
 * Builds the SPA into apps/web/dist; the server serves it with SPA fallback. After the build,
 * scripts/precompress.mjs writes the .br and .gz copies the server sends.
 */
export default defineConfig({
  root,
  plugins: [
    react(),
    reactRouterProduction(),
    answerChecks(),
    bootScript(),
    lazyStylesInBody(),
    mantineStylesInOrder(),
    compileHintForStart(),
    mantineCssVariablesAsFile(),
    mantineUseIdFromReact(),
    // Installable, and the app shell opens from the service worker's cache even while the server
    // restarts or is unreachable. The API is never cached: only the built files are precached.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      injectRegister: false, // main.tsx registers it once the page has painted
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false, // the glob below has them
      manifest: {
        id: '/',
        name: 'Duka',
        short_name: 'Duka',
        description: 'Point of sale and back office for small shops',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b7285',
        icons: [
          { src: '/assets/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/assets/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/assets/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // the app's code, styles, images and the translations (fetched as `?v={hash}`: the build's)
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'assets/i18n/*.json'],
        ignoreURLParametersMatching: [/^v$/],
        // only the build's content-named files go unrevisioned (public/assets/ keeps its names)
        dontCacheBustURLsMatching: /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.(?:js|css)$/,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(?:\/|$)/],
        cleanupOutdatedCaches: true,
        inlineWorkboxRuntime: true,
        // a translation file keeps its name across builds: its content hash is its revision
        manifestTransforms: [
          (entries) => {
            const versions = i18nVersions();
            const manifest = entries.map((e) => {
              const lang = /^assets\/i18n\/([a-z]{2})\.json$/.exec(e.url)?.[1];
              return lang ? { ...e, revision: versions[lang] ?? e.revision } : e;
            });
            return { manifest, warnings: [] };
          },
        ],
      },
    }),
  ],
  define: {
    __I18N_VERSIONS__: JSON.stringify(i18nVersions()),
    __FRAME_WORDS__: JSON.stringify(frameWords()),
  },
  // The domain package from its sources: no build of packages/domain needed first.
  resolve: {
    alias: { '@duka/domain': fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url)) },
  },
  build: {
    // A screen's chunks are not announced one <link rel=modulepreload> at a time when it is opened:
    // the till's ~90 links cost 120 ms of main thread on this machine (each starts its fetch
    // synchronously). Each chunk names its chunks as imports, so the browser asks for them together
    // as soon as it has the screen's chunk. The page's own first chunks keep their preloads.
    // No polyfill of modulepreload: every browser Duka supports has it (Chrome 66, Safari 17,
    // Firefox 115), and it was 0.5 KB of the sign-in page's gzip (issue 21).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // The app's features and components do nothing when imported but declare (checked: no
      // statement at their top level other than declarations), so a module whose exports a chunk
      // does not use is left out of it, though a feature's index re-exports it: the till imports
      // the print button from '../printing' and used to get the printer settings' form and its
      // number input too, and the sync screens' tables with the read-only notice (16 KB of gzip).
      // Their styles.ts files do import styles, and stay wherever one of their modules is used.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !APP_MODULE_WITHOUT_EFFECTS.test(id) || /[\\/]styles\.ts$/.test(id),
      },
      input: { index: path.join(root, 'index.html'), boot: path.join(root, 'src/boot.ts') },
      // zod in a chunk of its own: left to itself the bundler put small zod-free modules every
      // page needs (error codes, permissions) in zod's chunk, and the sign-in page loaded zod.
      output: {
        codeSplitting: {
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // boot.ts's own modules in a chunk of their own: boot.ts must not import the app's
            { name: 'early-translation', test: EARLY_TRANSLATION, priority: 5 },
            { name: mantineStylesChunk, test: MANTINE_CSS },
            // '$initial': what the start's entries import (after tree-shaking), not the screens; the
            // bundler folds the group into the app's entry chunk
            { name: 'start', test: (id: string) => !NOT_START.test(id), tags: ['$initial'], priority: 4 },
            // after the start's: a group takes what its modules import too, and the start's are not its
            { name: 'app', test: APP, priority: 3 },
            { name: iconsChunk, test: ICONS, priority: 2 },
            {
              name: 'mantine-hooks',
              test: (id: string) => MANTINE_HOOKS.test(id) && !MANTINE_HOOKS_MORE.test(id),
              priority: 2,
            },
            {
              name: 'mantine-ui',
              test: (id: string) => MANTINE_UI.test(id) && !BACK_OFFICE_UI.test(id) && !MANTINE_MORE.test(id),
              priority: 1,
            },
            // after mantine-ui: what these are built on (Popover, Combobox…) stays there
            {
              name: 'mantine-more',
              test: (id: string) => MANTINE_MORE.test(id) || MANTINE_HOOKS_MORE.test(id),
              priority: 0,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
