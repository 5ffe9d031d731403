/**
 * Generic error view for render errors: the route error boundary of the data router shows it.
 * A failed code chunk (after a deployment) asks for a reload instead of a generic message.
 */
import { Button, Code, Group } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GlobalErrorPage } from './GlobalErrorPage.tsx';

function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk/i.test(message);
}

export function ErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  const chunk = isChunkLoadError(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null;
  return (
    <GlobalErrorPage title={chunk ? t('chunk.title') : t('render.title')} subtitle={chunk ? t('chunk.subtitle') : t('render.subtitle')}>
      {detail && import.meta.env.DEV && <Code block>{detail}</Code>}
      <Group>
        <Button onClick={() => location.reload()}>{t('reload')}</Button>
      </Group>
    </GlobalErrorPage>
  );
}

/** errorElement of the routes. */
export function RouteErrorView() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <ErrorView error={error} />;
}
