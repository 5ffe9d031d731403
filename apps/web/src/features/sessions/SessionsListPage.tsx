/**
 * /interface/sessionsList (docs/PRODUCT.md, Screens and routes): the current organization's sessions in four tabs (ongoing,
 * scheduled, past, all; docs/sessions-api.md), a week selector where planned times matter, pages
 * beyond 100 sessions, and live refresh from the session notices. A row opens the settings page
 * for those who operate the session (with a link to its live page beside it), the live page otherwise.
 */
import { ActionIcon, Button, Container, Group, Loader, Pagination, SegmentedControl, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconBroadcast, IconPlus } from '@tabler/icons-react';
import { SESSION_LIMITS, type Session } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { paths } from '../../routes/paths.ts';
import { useSessionCreateAllowed } from './access.ts';
import { useSessionList } from './api.ts';
import { filterFromSearch, searchFromFilter, SESSION_TABS, tabHasWeek, type ListFilter, type SessionTab } from './listQuery.ts';
import classes from './Sessions.module.css';
import { SessionTimes } from './SessionTimes.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useSessionUpdates } from './useSessionUpdates.ts';

const WEEKS = ['any', '-1', '0', '1'] as const;
const WEEK_LABELS: Record<(typeof WEEKS)[number], string> = { any: 'week.any', '-1': 'week.previous', '0': 'week.this', '1': 'week.next' };

function SessionRow({ session }: { session: Session }) {
  const { t } = useTranslation('sessions');
  const live = paths.session(session.organizationId, session._id);
  const to = session.abilities.operate ? paths.sessionSettings(session.organizationId, session._id) : live;
  return (
    <div className={classes.rowItem}>
      <Link to={to} className={classes.row} aria-label={t('list.open', { name: session.name })}>
        <Text className={classes.name}>{session.name}</Text>
        <StatusBadge status={session.status} />
        <SessionTimes session={session} />
        <Text size="sm">{t('list.channels', { count: session.channels.length })}</Text>
        <Text size="sm" c="dimmed">
          {t(`visibility.${session.visibility}`)}
        </Text>
      </Link>
      {/* The row itself leads operators to the settings: the live page is one more link away. */}
      {session.abilities.operate && (
        <Tooltip label={t('list.live', { name: session.name })}>
          <ActionIcon component={Link} to={live} variant="default" size="lg" aria-label={t('list.live', { name: session.name })}>
            <IconBroadcast size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </div>
  );
}

export function SessionsListPage() {
  const { t } = useTranslation('sessions');
  const organizationId = useOrganizationScope().current?._id;
  const createAllowed = useSessionCreateAllowed();
  // The filters live in the address: reloads, links and the back button keep them.
  const [search, setSearch] = useSearchParams();
  const filter = filterFromSearch(search);
  const setFilter = (next: ListFilter) => setSearch(searchFromFilter(next), { replace: true });
  const list = useSessionList(organizationId, filter);
  useSessionUpdates(organizationId);
  const pages = Math.ceil((list.data?.totalItems ?? 0) / SESSION_LIMITS.list);
  const createButton = createAllowed && (
    <Button component={Link} to={paths.sessionCreate} leftSection={<IconPlus size={16} aria-hidden />}>
      {t('list.create')}
    </Button>
  );

  return (
    <Container size="lg" py="lg" w="100%">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>{t('list.title')}</Title>
          {createButton}
        </Group>
        <Tabs value={filter.tab} onChange={(tab) => tab && setFilter({ tab: tab as SessionTab, week: filter.week, page: 0 })}>
          <Tabs.List>
            {SESSION_TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {/* The selected tab's panel holds the list, so the tab's aria-controls names an element. */}
          <Tabs.Panel value={filter.tab} pt="md">
            <Stack gap="md">
              {tabHasWeek(filter.tab) && (
                <SegmentedControl
                  aria-label={t('week.label')}
                  value={filter.week === null ? 'any' : String(filter.week)}
                  onChange={(value) => setFilter({ ...filter, week: value === 'any' ? null : Number(value), page: 0 })}
                  data={WEEKS.map((value) => ({ value, label: t(WEEK_LABELS[value]) }))}
                  style={{ alignSelf: 'flex-start' }}
                />
              )}
              {list.isError && <FormFailure error={list.error} />}
              {list.isPending && <Loader aria-label={t('list.loading')} />}
              {list.data && list.data.sessions.length === 0 && (
                <Stack gap="xs" align="center" py="xl">
                  <Text fw={600}>{t(`empty.${filter.tab}`)}</Text>
                  {createButton}
                </Stack>
              )}
              {list.data && list.data.sessions.length > 0 && (
                <nav aria-label={t('list.title')} className={classes.list}>
                  {list.data.sessions.map((session) => (
                    <SessionRow key={session._id} session={session} />
                  ))}
                </nav>
              )}
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={filter.page + 1}
                  onChange={(page) => setFilter({ ...filter, page: page - 1 })}
                  getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
                  getItemProps={(page) => ({ 'aria-label': t('pagination.page', { page }) })}
                />
              )}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
