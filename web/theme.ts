import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * The site's identity: Mantine's pink as the accent (the spec's loading bar is pink too), soft
 * rounded cards, and a slightly warmer dark palette so thumbnails stand out at night.
 */
const dark: MantineColorsTuple = [
  '#d5d7e0',
  '#acaebf',
  '#8c8fa3',
  '#666980',
  '#4d4f66',
  '#34354a',
  '#2b2c3d',
  '#1d1e30',
  '#0c0d21',
  '#01010a',
];

export const theme = createTheme({
  primaryColor: 'pink',
  // Shade 7 keeps pink text and white-on-pink buttons above 4.5:1 contrast in both schemes.
  primaryShade: { light: 7, dark: 7 },
  colors: { dark },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  components: {
    Tooltip: { defaultProps: { withArrow: true, openDelay: 200 } },
    Card: { defaultProps: { withBorder: true, padding: 'sm' } },
  },
});

/** Mantine's default "dimmed" grey and error red are under 4.5:1 contrast; these shades keep small text readable. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-error': 'var(--mantine-color-red-5)' },
});
