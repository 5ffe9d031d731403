/** Loading overlay (docs/PRODUCT.md, Screens and routes): optional title, a spinner, transparent or with a background. */
import { Box, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface LoadingViewProps {
  title?: string;
  /** Lets the page behind show through; otherwise the overlay has the page background. */
  transparent?: boolean;
  /** Covers the whole window instead of its container. */
  fullScreen?: boolean;
}

export function LoadingView({ title, transparent = false, fullScreen = false }: LoadingViewProps) {
  const { t } = useTranslation('common');
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-busy="true"
      pos={fullScreen ? 'fixed' : 'relative'}
      inset={fullScreen ? 0 : undefined}
      mih={fullScreen ? '100vh' : 240}
      style={{
        zIndex: fullScreen ? 400 : undefined,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: transparent ? 'transparent' : 'var(--mantine-color-body)',
      }}
    >
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed">{title ?? t('app.loading')}</Text>
      </Stack>
    </Box>
  );
}
