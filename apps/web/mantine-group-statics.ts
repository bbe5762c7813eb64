/**
 * Button's and ActionIcon's groups only on the pages that show one (issue 21). Mantine hangs them
 * on the components as statics (`Button.Group = ButtonGroup`, `Button.GroupSection = …`, the same
 * on ActionIcon), and an assignment to an imported component keeps all four components and their
 * styles' code in every file with a button: 1.5 KB of gzip on the sign-in page and on the till,
 * which show no group. This plugin takes the four assignments out of the two modules, so the
 * groups come with the pages that import `ButtonGroup` or `ActionIconGroup` by name. The build
 * fails when the app's code writes `Button.Group` or `ActionIcon.Group…` (it would be undefined
 * in the built app; the tests, which run Mantine as it is, would not see it), or when Mantine's
 * module no longer has the assignments this was written for (an upgrade that moves them).
 */
import type { Plugin } from 'vite';

const COMPONENT = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Button|ActionIcon)[\\/]\1\.mjs$/;
/** The app's own modules. */
const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/;
/** A group reached through its component, in the app's code. */
const THROUGH_STATIC = /\b(?:Button|ActionIcon)\.Group(?:Section)?\b/;

/**
 * `code` (Button.mjs or ActionIcon.mjs) without its two group statics and their imports (an import
 * left in would still make the groups part of every page's modules when the build splits them into
 * files); throws if it has not all four.
 */
export function withoutGroupStatics(code: string, component: string): string {
  const group = `${component}Group(?:Section)?`;
  const lines = new RegExp(
    `^(?:${component}\\.(?:Group|GroupSection) = ${group};|import \\{ ${group} \\} from "\\./${group}/${group}\\.mjs";)\\n`,
    'gm',
  );
  const found = code.match(lines)?.length ?? 0;
  if (found !== 4)
    throw new Error(
      `@mantine/core's ${component}.mjs has ${found} of the 4 lines of its groups mantine-group-statics.ts removes`,
    );
  return code.replace(lines, '');
}

/** Where the app's code reaches a group through its component's static, or null. */
export function groupThroughStatic(code: string): string | null {
  return THROUGH_STATIC.exec(code)?.[0] ?? null;
}

export function mantineGroupStatics(): Plugin {
  const seen = new Set<string>();
  return {
    name: 'duka-mantine-group-statics',
    apply: 'build',
    buildStart() {
      seen.clear();
    },
    transform(code, id) {
      const component = COMPONENT.exec(id)?.[1];
      if (component) {
        seen.add(component);
        return { code: withoutGroupStatics(code, component), map: null };
      }
      if (!APP_SOURCE.test(id) || id.includes('node_modules')) return null;
      const used = groupThroughStatic(code);
      if (used) this.error(`${id}: import ${used.replace('.', '')} by name (mantine-group-statics.ts)`);
      return null;
    },
    buildEnd(error) {
      if (!error && !seen.has('Button'))
        this.error("@mantine/core's Button.mjs was not found: see mantine-group-statics.ts");
    },
  };
}
