/**
 * Themes: green by default; the server's APP_THEME chooses another.
 *
 * Text, links, filled buttons and light badges use shade 9 of a palette (primaryShade), and the
 * palettes too pale for that are darkened at 8 and 9, so that each reaches WCAG AA (4.5:1) as text on
 * white, on its own 10 % tint, and under white text. Brand green #22702f: 6.13:1 on white, 5.32:1 on
 * its tint, 4.71:1 on a yellow alert's tint (Mantine's #40c057 was 2.36:1); blue.9 6.09:1, violet.9
 * 7.12:1. In the dark theme, text and links use shade 4 (green 8.89:1 on #242424) and filled buttons
 * keep white text on shade 9. Dimmed hints are #5f6670 (5.80:1 on white, 5.21:1 on gray.1) and
 * #a6a6a6 in the dark theme (6.38:1 on #242424, 4.60:1 on dark.5).
 */
import { createTheme, DEFAULT_THEME, Drawer, Modal, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

const primary: Record<string, MantineThemeOverride['primaryColor']> = { green: 'green', blue: 'blue', violet: 'violet' };

/** Mantine's palette with its two darkest shades replaced. */
const darker = (name: string, shade8: string, shade9: string): MantineColorsTuple => {
  const base = DEFAULT_THEME.colors[name]!;
  return [base[0], base[1], base[2], base[3], base[4], base[5], base[6], base[7], shade8, shade9];
};

// Shade 8 (hover of filled buttons) reaches 4.5:1 under white text; shade 9 also on its own tint.
const colors = {
  green: darker('green', '#28863a', '#22702f'),
  orange: darker('orange', '#c84d0a', '#bf3f0d'),
  yellow: darker('yellow', '#aa6300', '#a65600'),
  teal: darker('teal', '#08855f', '#087a57'),
  lime: darker('lime', '#4f810c', '#4b780b'),
  cyan: darker('cyan', '#0c8093', '#0b7285'),
  red: darker('red', '#dc3030', '#c92a2a'),
};

/** `closeLabel` names the close button of every modal and drawer, in the interface's language. */
export function buildTheme(name: string | undefined, closeLabel: string): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': closeLabel };
  return createTheme({
    components: {
      Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
      // A modal's header is a <header> by default: a second banner landmark beside the page's.
      ModalHeader: { defaultProps: { component: 'div' } },
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
    },
    primaryColor: primary[name ?? 'green'] ?? 'green',
    primaryShade: { light: 9, dark: 9 },
    colors,
    defaultRadius: 'md',
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  });
}

/** Dimmed hints readable at 4.5:1 (Mantine's gray.6 is 3.32:1 on white, dark.2 4.04:1 on dark.7). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f6670' },
  dark: { '--mantine-color-dimmed': '#a6a6a6' },
});

export const COLOR_SCHEME_KEY = 'palabre.color-scheme';
