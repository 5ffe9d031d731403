/** Global error page: the server-error page plus a "back to home" link to /. */
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorPage } from './ServerErrorPage.tsx';

export function GlobalErrorPage({ title, subtitle, children }: { title?: string; subtitle?: string; children?: ReactNode }) {
  const { t } = useTranslation('errors');
  return (
    <main>
      <ServerErrorPage title={title} subtitle={subtitle}>
        {children}
        {/* A full page load: whatever broke is left behind. */}
        <Button component="a" href="/" variant="light">
          {t('backToHome')}
        </Button>
      </ServerErrorPage>
    </main>
  );
}
