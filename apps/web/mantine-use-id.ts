/**
 * Mantine's `useId` without its second render (issue 21). Mantine's hook starts from React's id,
 * then swaps it for a random one in a layout effect: every input, popover, menu and dialog that
 * mounts sets state right after its commit, so React renders and commits again, synchronously, in
 * the same task. On the till's start that second pass came after each of its two big commits (12
 * and 14 of Mantine's components each, 26–30 ms of a 4× slower CPU on top of the commit's task).
 * React's own id (19.2 and later: `_r_1f_`) is already unique in the page, stable across renders
 * and safe in a CSS selector, so the ids here are `mantine-` and React's id, from the first render,
 * and a component given an `id` keeps it, as before. This plugin swaps the hook's module for that;
 * the build fails if the module is not found, or no longer is the hook this was written for (a
 * Mantine upgrade that changes it).
 */
import type { Plugin } from 'vite';

const USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
/** What the module must say to be the hook this replaces: the random id set in an effect. */
const SWAPS_IN_EFFECT = /useIsomorphicEffect\([\s\S]*setUuid\(randomId\(\)\)/;

export const REACT_USE_ID = `"use client";
import { useId as useReactId } from "react";
function useId(staticId) {
\tconst reactId = useReactId();
\treturn typeof staticId === "string" ? staticId : \`mantine-\${reactId.replace(/:/g, "")}\`;
}
export { useId };
`;

/** The hook's module with React's id kept, or an error if `code` is not the hook expected. */
export function keepReactId(code: string): string {
  if (!SWAPS_IN_EFFECT.test(code) || !/export\s*\{\s*useId\$1 as useId\s*\}/.test(code))
    throw new Error("@mantine/hooks' use-id.mjs is not the hook mantine-use-id.ts replaces");
  return REACT_USE_ID;
}

export function mantineUseIdFromReact(): Plugin {
  let found = false;
  return {
    name: 'duka-mantine-use-id-from-react',
    apply: 'build',
    transform: {
      filter: { id: USE_ID },
      handler(code) {
        found = true;
        return { code: keepReactId(code), map: null };
      },
    },
    buildEnd(error) {
      if (!error && !found) this.error("@mantine/hooks' use-id.mjs was not found: see mantine-use-id.ts");
    },
  };
}
