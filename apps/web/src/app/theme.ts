import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/** Duka's theme: a calm teal primary, tabular figures for money, 44 px touch targets on touch. */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 9 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    Notification: { defaultProps: { withBorder: true } },
  },
});

/** Dimmed text dark enough for 4.5:1 contrast on both schemes (WCAG AA). */
const PALETTE = [
  'dark',
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'green',
  'lime',
  'yellow',
  'orange',
  'teal',
];

/** Light-variant text (badges, light buttons, avatar initials) darkened to keep 4.5:1 on its tint. */
const lightVariantText = Object.fromEntries(
  PALETTE.map((c) => [
    `--mantine-color-${c}-light-color`,
    `color-mix(in srgb, var(--mantine-color-${c}-9) 70%, black)`,
  ]),
);

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...lightVariantText,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
