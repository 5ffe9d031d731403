/**
 * The screens of a media's tools (transcript editor, subtitles, publish and export) until they are
 * built: what the tool will do, that it is not there yet, and the way back to the media's overview.
 */
import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotAvailableYet } from '../../components/NotAvailableYet.tsx';
import { paths } from '../../routes/paths.ts';
import type { MediaTool } from './tools.ts';

export function MediaToolPage({ tool }: { tool: MediaTool }) {
  const { t } = useTranslation('conversations');
  // The guard lets only a valid media id with some right reach here.
  const { conversationId = '' } = useParams();
  return (
    <Container size="lg" py="lg" w="100%">
      <NotAvailableYet title={t(`tools.${tool}.title`)} description={t(`tools.${tool}.what`)} back={{ to: paths.conversation(conversationId), label: t('tools.back') }} />
    </Container>
  );
}
