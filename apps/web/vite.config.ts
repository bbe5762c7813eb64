import { type Plugin, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { answerChecks } from './answer-checks.ts';
import { APP_MODULE_WITHOUT_EFFECTS, CHUNK_GROUPS, mantineStylesInOrder } from './chunking.ts';
import { mantineCssVariablesAsFile } from './mantine-provider-css.ts';
import { mantineUseIdFromReact } from './mantine-use-id.ts';
import { mantineGroupStatics } from './mantine-group-statics.ts';
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

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The web manifest, in English (the page's own); localizedManifests() writes the other languages'. */
const MANIFEST = {
  id: '/',
  name: 'Duka',
  short_name: 'Duka',
  lang: 'en',
  description: wordOf(readJson(path.join(i18nDir, 'en.json')), 'common.appDescription', 'en.json'),
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  background_color: '#ffffff',
  theme_color: '#0b7285',
  icons: [
    { src: '/assets/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/assets/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/assets/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * `manifest-{lang}.webmanifest` for each language but English, its description from the language's
 * file (`common.appDescription`): the app points its manifest link at the one of the language in
 * use (src/lib/document-language.ts), so an installed Duka describes itself in it.
 */
export function localizedManifests(dir = i18nDir): Record<string, string> {
  const files: Record<string, string> = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const lang = file.replace(/\.json$/, '');
    if (lang === MANIFEST.lang) continue;
    const description = wordOf(readJson(path.join(dir, file)), 'common.appDescription', file);
    files[`manifest-${lang}.webmanifest`] = JSON.stringify({ ...MANIFEST, lang, description });
  }
  return files;
}

function localizedManifestFiles(): Plugin {
  return {
    name: 'duka-localized-manifests',
    apply: 'build',
    generateBundle() {
      for (const [fileName, source] of Object.entries(localizedManifests())) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
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
    mantineGroupStatics(),
    localizedManifestFiles(),
    // Installable, and the app shell opens from the service worker's cache even while the server
    // restarts or is unreachable. The API is never cached: only the built files are precached.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      injectRegister: false, // main.tsx registers it once the page has painted
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false, // the glob below has them
      manifest: MANIFEST,
      workbox: {
        // the app's code, styles, images and the translations (fetched as `?v={hash}`: the build's)
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'assets/i18n/*.json'],
        ignoreURLParametersMatching: [/^v$/],
        // only the build's content-named files go unrevisioned (public/assets/ keeps its names)
        dontCacheBustURLsMatching: /^assets\/[^/]+-[A-Za-z0-9_-]{7}\.(?:js|css)$/,
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
          groups: CHUNK_GROUPS,
        },
        // 7 characters of hash, not 8: every import names its chunk by file, and a hash is
        // characters gzip cannot shrink: 0.2 KB of the till's start (issue 21's 200 KB); the
        // bundler's least for this many chunks (the server's HASHED_ASSET matches it)
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
