/**
 * Mantine's provider without its CSS variables computed in the browser (issue 21). As the app
 * starts, MantineProvider renders `<MantineCssVariables>`, which runs the theme's whole variables
 * resolver twice (Duka's theme, and Mantine's default theme to leave out what equals it: that one
 * when its module is evaluated, as part of the app's entry) to write a `<style>` that is the same
 * on every start. Duka has that style as a file instead, src/app/theme-vars.css, which
 * src/app/theme-vars.test.tsx checks against what Mantine renders for the theme. The provider is
 * told not to render it (`withCssVariables={false}`, providers.tsx), and this plugin leaves its
 * module out of the build: the provider's import of it resolves to a component that renders
 * nothing. The build fails if the import is not found (a Mantine upgrade that moves the file).
 */
import type { Plugin } from 'vite';

const PROVIDER = /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineProvider\.mjs$/;
const VARIABLES = './MantineCssVariables/MantineCssVariables.mjs';
const NOTHING = '\0duka-mantine-css-variables';

export function mantineCssVariablesAsFile(): Plugin {
  let found = false;
  return {
    name: 'duka-mantine-css-variables-as-file',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== VARIABLES || !importer || !PROVIDER.test(importer)) return null;
      found = true;
      return NOTHING;
    },
    load(id) {
      return id === NOTHING ? 'export function MantineCssVariables() { return null; }' : null;
    },
    buildEnd(error) {
      if (!error && !found)
        this.error(`MantineProvider.mjs no longer imports ${VARIABLES}: see mantine-provider-css.ts`);
    },
  };
}
