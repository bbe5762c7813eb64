import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupThroughStatic, withoutGroupStatics } from '../../mantine-group-statics';

/** A component's module as installed (the plugin changes it in the build: mantine-group-statics.ts). */
const installed = (component: 'Button' | 'ActionIcon') => {
  const core = createRequire(import.meta.url).resolve('@mantine/core');
  return fs.readFileSync(
    path.join(path.dirname(core), '..', 'esm', 'components', component, `${component}.mjs`),
    'utf8',
  );
};

describe("Button's and ActionIcon's groups in the build", () => {
  it.each(['Button', 'ActionIcon'] as const)(
    "takes %s's two group statics and their imports out, and nothing else",
    (component) => {
      const code = installed(component);
      const out = withoutGroupStatics(code, component);
      expect(out).not.toMatch(new RegExp(`${component}\\.Group|${component}Group`));
      expect(code.split('\n').length - out.split('\n').length).toBe(4);
      expect(out).toContain(`${component}.displayName = "@mantine/core/${component}"`);
      expect(out).toContain(`export { ${component} }`);
    },
  );

  it('fails the build on a module without the statics it was written for', () => {
    const moved = installed('Button').replace('Button.GroupSection = ButtonGroupSection;\n', '');
    expect(() => withoutGroupStatics(moved, 'Button')).toThrow(/3 of the 4 lines/);
  });

  it("finds a group reached through its component in the app's code, and not a named one", () => {
    expect(groupThroughStatic('<Button.Group aria-label="x">')).toBe('Button.Group');
    expect(groupThroughStatic('jsx(ActionIcon.GroupSection, {})')).toBe('ActionIcon.GroupSection');
    expect(groupThroughStatic('<ButtonGroup><Button.Label /></ButtonGroup>')).toBeNull();
  });

  it("the app's code reaches no group through its component", () => {
    const src = path.resolve(import.meta.dirname, '..');
    const files = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith('.test.tsx'));
    expect(files.length).toBeGreaterThan(100);
    const through = files.filter((f) => groupThroughStatic(fs.readFileSync(path.join(src, f), 'utf8')));
    expect(through).toEqual([]);
  });
});
