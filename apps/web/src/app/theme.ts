/** Themes: green by default; the server's APP_THEME chooses another. */
import { createTheme, type MantineThemeOverride } from '@mantine/core';

const primary: Record<string, MantineThemeOverride['primaryColor']> = { green: 'green', blue: 'blue', violet: 'violet' };

export function buildTheme(name: string | undefined): MantineThemeOverride {
  return createTheme({
    primaryColor: primary[name ?? 'green'] ?? 'green',
    defaultRadius: 'md',
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  });
}

export const COLOR_SCHEME_KEY = 'palabre.color-scheme';
