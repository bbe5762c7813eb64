/**
 * How the build splits the app into files (issue 21): the groups vite.config.ts gives the bundler,
 * and what they are made of. The build fails when a chunk has Mantine's style files out of order.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';
import { MANTINE_BASE, stylesBefore } from './mantine-styles.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Mantine's style files: @mantine/core's, one per component and the base ones, and @mantine/notifications'. */
const MANTINE_CSS = /[\\/]@mantine[\\/](?:core[\\/]styles[\\/][\w-]+|notifications[\\/]styles)\.css$/;

/** A module of the app's features or shared components (not main.tsx, lib/ or app/). */
export const APP_MODULE_WITHOUT_EFFECTS =
  /[\\/]apps[\\/]web[\\/]src[\\/](?:features|components)[\\/].*\.tsx?$/;

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
 * docs/performance-log.md). e2e/first-paint.spec.ts holds both pages to it. The app's modules and the
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
 * not load; with lib/lazy-panel.tsx and components/hint.tsx, which every signed-in screen's shell
 * uses (its panels, its hints) beside lazy screens and panels: each was a file of its own of under
 * half a KB on the till's start.
 */
const APP =
  /node_modules[\\/](?:react-router|@tanstack)[\\/]|[\\/]src[\\/]app[\\/](?:start-app|app-router|router|lazy-screen|providers)\.tsx$|[\\/]src[\\/]lib[\\/]lazy-panel\.tsx$|[\\/]src[\\/]components[\\/]hint\.tsx$/;
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
export function mantineStylesInOrder(): Plugin {
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

/** The bundler's groups, first match by priority: what goes in which shared file. */
export const CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [
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
];
