import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/** The CSS of every `<style>` that Mantine's provider renders for Duka's theme, in its order. */
function providerStyles(): string {
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {null}
    </MantineProvider>,
  );
  const styles = [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((m) => m[1]);
  return `${styles.join('\n')}\n`;
}

describe("Duka's theme as a style file (theme-vars.css)", () => {
  it('holds what Mantine would compute as the app starts: the theme has not changed since', async () => {
    const css = providerStyles();
    // the teal primary and the darker dimmed text are in it
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-teal-filled)');
    expect(css).toContain('--mantine-color-dimmed: var(--mantine-color-gray-7)');
    // after a change to theme.ts: `npx vitest run --project web -u src/app/theme-vars.test.tsx`
    await expect(css).toMatchFileSnapshot('./theme-vars.css');
  });
});
