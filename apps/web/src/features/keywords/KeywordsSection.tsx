/**
 * The overview's "Keywords" section: the media's keywords as chips (each opens the library filtered
 * by it), how they were made (statistically, or by which AI profile), and their state: generating,
 * failed (why, and Retry), outdated since the transcript changed (Update). Those allowed to generate
 * (the organization's generate-summary ability and the write right) may ask for them.
 */
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh, IconSparkles } from '@tabler/icons-react';
import { hasRight, RIGHT, type Keywords } from '@palabre/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';
import { notifyError } from '../../components/notify.ts';
import { paths } from '../../routes/paths.ts';
import { DEFAULT_LIST_STATE, listSearchParams } from '../explore/listSearch.ts';
import { isRunning, useExtractKeywords, useKeywords } from './api.ts';
import { keywordAction, type KeywordAction } from './state.ts';

const ICONS: Record<KeywordAction, ReactNode> = {
  generate: <IconSparkles size={16} />,
  regenerate: <IconRefresh size={16} />,
  update: <IconRefresh size={16} />,
  retry: <IconRefresh size={16} />,
};

/** Whether the caller may ask for keywords: the organization's generate-summary ability and the write right on the media. */
export function useMayGenerate(organizationId: string, right: number | null | undefined): boolean {
  const { organizations } = useOrganizationScope();
  const summary = organizations.find((org) => org._id === organizationId)?.abilities.summary ?? false;
  return summary && hasRight(right ?? 0, RIGHT.WRITE);
}

function MethodLabel({ keywords }: { keywords: Keywords }) {
  const { t } = useTranslation('keywords');
  if (!keywords.method || keywords.keywords.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="keywords-method">
      {keywords.method === 'extractive' ? t('method.extractive') : keywords.profileName ? t('method.model', { name: keywords.profileName }) : t('method.modelUnnamed')}
    </Text>
  );
}

export function KeywordsSection({ conversationId, organizationId, right }: { conversationId: string; organizationId: string; right: number | null | undefined }) {
  const { t } = useTranslation('keywords');
  const query = useKeywords(conversationId);
  const extract = useExtractKeywords(conversationId);
  const mayGenerate = useMayGenerate(organizationId, right);
  const keywords = query.data;
  const running = isRunning(keywords) || extract.isPending;
  const generate = () => extract.mutate(undefined, { onError: (error) => notifyError(error, t('generateError')) });

  const action = keywordAction(keywords, { mayGenerate, running });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="keywords-heading" data-testid="keywords-section">
      <Stack gap="sm">
        <Title order={2} size="h4" id="keywords-heading">
          {t('title')}
        </Title>
        {query.isError && (
          <Text size="sm" c="red" role="alert">
            {t('loadError')}
          </Text>
        )}
        {running && (
          <Group gap="xs" role="status" aria-live="polite">
            <Loader size="xs" aria-hidden />
            <Text size="sm">{t('generating')}</Text>
          </Group>
        )}
        {keywords?.state === 'error' && !running && (
          <Alert color="red" variant="light" title={t('errorTitle')} role="alert" data-testid="keywords-error">
            {t(`errors.${keywords.error?.code ?? 'internal'}`)}
          </Alert>
        )}
        {keywords?.state === 'outdated' && !running && (
          <Text size="sm" c="orange" data-testid="keywords-outdated">
            {t('outdated')}
          </Text>
        )}
        {keywords && keywords.keywords.length > 0 ? (
          <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('listLabel')}>
            {keywords.keywords.map((keyword) => (
              <li key={keyword}>
                <Badge
                  component={Link}
                  to={`${paths.explore}?${listSearchParams({ ...DEFAULT_LIST_STATE, keywords: [keyword] }).toString()}`}
                  variant="light"
                  tt="none"
                  style={{ cursor: 'pointer' }}
                  aria-label={t('chipLabel', { keyword })}
                  data-testid="keyword-chip"
                >
                  {keyword}
                </Badge>
              </li>
            ))}
          </Group>
        ) : (
          keywords?.state === 'none' && (
            <Text size="sm" c="dimmed">
              {t('none')}
            </Text>
          )
        )}
        {keywords && <MethodLabel keywords={keywords} />}
        {action && (
          <Group>
            <Button size="xs" variant="light" leftSection={ICONS[action]} onClick={generate}>
              {t(action)}
            </Button>
          </Group>
        )}
        {keywords?.state === 'none' && !mayGenerate && (
          <Text size="xs" c="dimmed">
            {t('notAllowed')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
