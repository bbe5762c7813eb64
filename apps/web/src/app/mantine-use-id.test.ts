import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REACT_USE_ID, keepReactId } from '../../mantine-use-id';

/** The hook's module as installed (the plugin swaps it in the build: mantine-use-id.ts). */
const installed = () => {
  const hooks = createRequire(import.meta.url).resolve('@mantine/hooks');
  return fs.readFileSync(path.join(path.dirname(hooks), '..', 'esm', 'use-id', 'use-id.mjs'), 'utf8');
};

describe("Mantine's useId in the build", () => {
  it("the installed hook is the one the plugin replaces: React's id swapped for a random one in an effect", () => {
    expect(keepReactId(installed())).toBe(REACT_USE_ID);
  });

  it("keeps React's id from the first render, and a given id", () => {
    expect(REACT_USE_ID).toContain('useReactId()');
    expect(REACT_USE_ID).toContain('typeof staticId === "string" ? staticId');
    expect(REACT_USE_ID).not.toMatch(/useState|Effect|random/);
  });

  it('fails the build on a hook it was not written for', () => {
    const changed = installed().replace('setUuid(randomId())', 'setUuid(nextId())');
    expect(() => keepReactId(changed)).toThrow(/not the hook/);
    expect(() => keepReactId('export { useId };')).toThrow(/not the hook/);
  });
});
