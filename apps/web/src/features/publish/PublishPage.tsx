/**
 * /interface/conversations/:conversationId/publish — publish and export (docs/PRODUCT.md, Screens and
 * routes): one tab per report kind and the verbatim export, the tab in the address (`?tab=`). The
 * report tabs say that AI reports are not there yet and what they will hold; the verbatim tab exports
 * the transcript. Anyone who may read the media may use all of it.
 */
import { Container, Stack, Tabs } from '@mantine/core';
import { IconFileText, IconSparkles } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useOptionalOrganizationScope } from '../../app/OrganizationScope.tsx';
import { QueryFallback } from '../../components/QueryFallback.tsx';
import { ToolPageHeader } from '../conversations/ToolPageHeader.tsx';
import { useConversationUpdates } from '../realtime/useConversationUpdates.ts';
import { applyReportNotice } from '../reports/api.ts';
import { usePublishMedia } from './api.ts';
import { ReportTab } from './ReportTab.tsx';
import { PUBLISH_TABS, tabFromSearch } from './tabs.ts';
import { VerbatimTab } from './VerbatimTab.tsx';
import classes from './Publish.module.css';

export function PublishPage() {
  const { t } = useTranslation('publish');
  // The guard lets only a valid media id with some right reach here.
  const { conversationId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = tabFromSearch(params.get('tab'));
  const query = usePublishMedia(conversationId);
  const client = useQueryClient();
  const scope = useOptionalOrganizationScope();
  // Reports move on as their jobs run; a changed transcript outdates them and refreshes the verbatim text.
  useConversationUpdates(query.data?.organizationId, (update) => applyReportNotice(client, update));

  if (!query.data) return <QueryFallback query={query} />;
  const media = query.data;
  // The organization's generate-summary permission, as it applies to the caller.
  const summaryAllowed = scope?.organizations.find((organization) => organization._id === media.organizationId)?.abilities.summary ?? false;

  return (
    <Container size="xl" w="100%" px={0}>
      <Stack gap="md">
        <ToolPageHeader conversationId={conversationId} back={t('back')} title={t('title')} mediaName={media.name} />
        <Tabs value={tab} onChange={(value) => value && setParams((previous) => ({ ...Object.fromEntries(previous), tab: value }), { replace: true })} keepMounted={false}>
          <Tabs.List aria-label={t('tabsLabel')} className={classes.tabList}>
            {PUBLISH_TABS.map((value) => (
              <Tabs.Tab key={value} value={value} leftSection={value === 'verbatim' ? <IconFileText size={16} aria-hidden /> : <IconSparkles size={16} aria-hidden />}>
                {t(`tabs.${value}.label`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {PUBLISH_TABS.map((value) => (
            <Tabs.Panel key={value} value={value} pt="md">
              {value === 'verbatim' ? <VerbatimTab media={media} /> : <ReportTab kind={value} media={media} summaryAllowed={summaryAllowed} />}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
