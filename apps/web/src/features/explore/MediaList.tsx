/**
 * The media list shared by the media library, favorites and shared-with-me (docs/PRODUCT.md, Screens and routes): search in
 * title or transcription as one types, sort (last update descending by default, created, name) with
 * a direction toggle, tag criteria (all selected tags, or "No tags"), the paginated list (docs/PRODUCT.md, Limits:
 * 10 a page, dates shown without time) with each media's tags, favorite star, status and right label
 * (docs/PRODUCT.md, States), and selection of one / all on the page. Pages add their own actions on the selection:
 * bulk delete (`deletable`) and any other through `selectionActions`.
 * Live: a media created, finished or deleted elsewhere appears or disappears.
 */
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { isActiveMediaStatus, TEXT_LIMITS, rightLabel } from '@palabre/shared';
import { IconAlertTriangle, IconSearch, IconSortAscending, IconSortDescending, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { useSmallScreen } from '../../components/useSmallScreen.ts';
import { paths } from '../../routes/paths.ts';
import { formatTime } from '../conversations/format.ts';
import { FavoriteButton } from '../favorites/FavoriteButton.tsx';
import { useConversationUpdates } from '../realtime/useConversationUpdates.ts';
import { indexTags, useCategories, useConversationTags, type TagWithCategory } from '../tags/api.ts';
import { TagChips } from '../tags/TagChip.tsx';
import { TagFilter, type TagCriteria } from '../tags/TagFilter.tsx';
import { KeywordFilter } from './KeywordFilter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useFormatDate } from '../../components/format.ts';
import { useConversationList, useDeleteConversations, type ConversationListItem, type ListSource, type SortField } from './api.ts';
import { Highlight } from './Highlight.tsx';
import { SORT_FIELDS } from './listSearch.ts';
import { ListPager, pageCount } from './ListPager.tsx';
import { useListSearch } from './useListSearch.ts';
import { mediaAt } from '../player/startAt.ts';
import { mediaStatusKey } from '../conversations/statusKey.ts';

const SEARCH_DELAY_MS = 300;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

function statusColor(status: ConversationListItem['status']): string {
  if (status === 'done') return 'green';
  if (status === 'error') return 'red';
  return 'blue';
}

/** The overview of a media, at the matched moment when the match is in the transcript. */
function mediaLink(item: ConversationListItem): string {
  return mediaAt(paths.conversation(item._id), item.matchTime);
}

/**
 * A row's tag chips: from the current organization's tags when the media is one of its own, else
 * (favorites and shared media of other organizations) from the media's own tag endpoint.
 */
function RowTags({ item, organizationId, organizationIndex }: { item: ConversationListItem; organizationId: string | null; organizationIndex: Map<string, TagWithCategory> }) {
  const known = item.organizationId === organizationId;
  const own = useConversationTags(item._id, known ? [] : item.tags);
  const index = useMemo(() => (known ? organizationIndex : indexTags(own.data)), [known, organizationIndex, own.data]);
  return <TagChips ids={item.tags} index={index} />;
}

function MediaRow({
  item,
  selected,
  onToggle,
  tagIndex,
  organizationId,
}: {
  item: ConversationListItem;
  selected: boolean;
  /** Absent when the list offers nothing to do with a selection. */
  onToggle: ((id: string, checked: boolean) => void) | undefined;
  tagIndex: Map<string, TagWithCategory>;
  /** The current organization, whose tags are in tagIndex. */
  organizationId: string | null;
}) {
  const { t } = useTranslation(['explore', 'conversations']);
  const formatDate = useFormatDate();
  const language = item.language ?? item.requestedLanguage;
  const processing = isActiveMediaStatus(item.status);
  const phone = useSmallScreen();
  return (
    <Table.Tr data-testid="media-row" data-id={item._id} aria-selected={selected}>
      {onToggle && (
        <Table.Td>
          <Checkbox aria-label={t('explore:select', { name: item.name })} checked={selected} onChange={(event) => onToggle(item._id, event.currentTarget.checked)} />
        </Table.Td>
      )}
      <Table.Td px={0}>
        <FavoriteButton conversationId={item._id} favorite={Boolean(item.favorite)} size="md" />
      </Table.Td>
      <Table.Th scope="row" fw="normal">
        {/* A long name is cut with an ellipsis; the full name stays readable (title, screen readers). */}
        <Anchor component={Link} to={mediaLink(item)} fw={600} title={item.name} truncate="end" display="block" maw={{ base: 220, md: 420 }}>
          {item.name}
        </Anchor>
        {item.tags?.length > 0 && (
          <div style={{ marginTop: 4 }}>
            <RowTags item={item} organizationId={organizationId} organizationIndex={tagIndex} />
          </div>
        )}
        {item.highlight && (
          // The snippet opens the media where the words are spoken (or the media, for a match in its title or description).
          <Anchor component={Link} to={mediaLink(item)} size="sm" c="dimmed" display="block" data-testid="media-highlight" mt={4}>
            {typeof item.matchTime === 'number' && <span>{t('explore:matchAt', { time: formatTime(item.matchTime) })} </span>}
            <Highlight html={item.highlight} />
          </Anchor>
        )}
      </Table.Th>
      <Table.Td style={NOWRAP}>
        <Badge
          variant="light"
          color={statusColor(item.status)}
          leftSection={processing ? <Loader size={10} color="blue" aria-hidden /> : undefined}
          style={{ minWidth: 'max-content' }}
          data-testid="media-status"
        >
          {t(`conversations:${mediaStatusKey(item.status)}`)}
        </Badge>
      </Table.Td>
      {!phone && (
        <>
          <Table.Td style={NOWRAP}>{item.duration === null || item.duration === undefined ? '—' : formatTime(item.duration)}</Table.Td>
          <Table.Td style={NOWRAP}>{t(`conversations:languages.${language}`, { defaultValue: language })}</Table.Td>
          <Table.Td style={NOWRAP}>
            <time dateTime={item.last_update}>{formatDate(item.last_update)}</time>
          </Table.Td>
          <Table.Td data-testid="media-right" style={NOWRAP}>
            {t(`explore:rights.${rightLabel(item.right ?? 0)}`)}
          </Table.Td>
        </>
      )}
    </Table.Tr>
  );
}

export interface MediaListProps {
  /** Which list; null while the organization scope is not known yet. */
  source: ListSource | null;
  /** The organization whose tags are offered as criteria and shown as chips, and whose updates are watched. */
  organizationId: string | null;
  title: string;
  /** Rendered next to the title (e.g. the upload button). */
  headerAction?: ReactNode;
  /** What an empty list says when no search or tag criteria is set. */
  emptyState: ReactNode;
  /** Bulk delete of the selection (the organization's media only). */
  deletable?: boolean;
  /**
   * Extra actions on the selection, rendered in the selection toolbar before the delete button;
   * receives the ids of the selected media of the current page (possibly none).
   */
  selectionActions?: (ids: string[]) => ReactNode;
}

/** What an empty list says: a title, then a hint or a way forward. */
export function EmptyList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" align="center">
      <Text fw={600}>{title}</Text>
      {children}
    </Stack>
  );
}

export function MediaList({ source, organizationId, title, headerAction, emptyState, deletable = false, selectionActions }: MediaListProps) {
  // Media can be selected only where something can be done with a selection.
  const selectable = deletable || selectionActions !== undefined;
  const phone = useSmallScreen();
  const { t } = useTranslation(['explore', 'library', 'common']);

  // Search, criteria, sort, page and page size live in the URL (reload, back button, shared links).
  const [state, change] = useListSearch();
  const { sortField, sortCriteria, page, size } = state;
  const [search, setSearch] = useState(state.text);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const categories = useCategories(organizationId);
  const tagIndex = useMemo(() => indexTags(categories.data), [categories.data]);

  // Typed text reaches the URL once typing pauses, replacing the entry (one per search, not per key).
  const written = useRef(state.text);
  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    change({ text: debounced }, { replace: true });
  }, [debounced, change]);
  // The URL changed from elsewhere (back button, a link): the field follows.
  useEffect(() => {
    if (state.text === written.current) return;
    written.current = state.text;
    setSearch(state.text);
  }, [state.text]);

  const tagsKey = state.tags.join(',');
  const criteria = useMemo<TagCriteria>(() => ({ tags: tagsKey ? tagsKey.split(',') : [], noTags: state.noTags }), [tagsKey, state.noTags]);
  const keywordsKey = state.keywords.join(',');
  const params = useMemo(
    () => ({ page, size, sortField, sortCriteria, text: state.text, tags: criteria.tags, noTags: criteria.noTags, keywords: keywordsKey ? keywordsKey.split(',') : [] }),
    [page, size, sortField, sortCriteria, state.text, criteria, keywordsKey],
  );
  const query = useConversationList(source, params);
  const remove = useDeleteConversations(organizationId);

  // Tags belong to an organization: switching to another one drops the tag criteria.
  const shownOrganization = useRef(organizationId);
  useEffect(() => {
    if (organizationId === null) return;
    const previous = shownOrganization.current;
    shownOrganization.current = organizationId;
    if (previous !== null && previous !== organizationId && (criteria.tags.length > 0 || criteria.noTags)) change({ tags: [], noTags: false }, { replace: true });
  }, [organizationId, criteria, change]);

  // Another page, search, sort or criteria starts with nothing selected.
  useEffect(() => setSelected(new Set()), [state.text, sortField, sortCriteria, tagsKey, criteria.noTags, keywordsKey, page, size, organizationId]);

  // Notices refresh the lists when they may show the change (features/realtime/invalidation.ts).
  useConversationUpdates(organizationId);

  const list = query.data?.list ?? [];
  const count = query.data?.count ?? 0;
  const countExact = query.data?.countExact ?? true;
  const pages = pageCount(count, countExact, size);
  // Only what is on the page can be selected; an item gone (deleted elsewhere) is no longer selected.
  const selectedIds = list.filter((item) => selected.has(item._id)).map((item) => item._id);
  const allSelected = list.length > 0 && selectedIds.length === list.length;

  // A page emptied by deletions elsewhere falls back to the last page that exists.
  useEffect(() => {
    if (query.data && page > 0 && page >= pages) change({ page: pages - 1 }, { replace: true });
  }, [query.data, page, pages, change]);

  const toggle = (id: string, checked: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (checked: boolean) => setSelected(checked ? new Set(list.map((item) => item._id)) : new Set());

  const askDelete = () => {
    setDeleteError(null);
    setConfirming(true);
  };
  const confirmDelete = () => {
    if (selectedIds.length === 0) {
      setConfirming(false);
      return;
    }
    remove.mutate(selectedIds, {
      onSuccess: () => {
        setConfirming(false);
        setSelected(new Set());
        notifySuccess(t('delete.done', { count: selectedIds.length }));
      },
      onError: (error) => setDeleteError(error instanceof Error && error.message ? error.message : t('delete.failed')),
    });
  };

  const filtering = state.text.length > 0 || params.tags.length > 0 || params.noTags || params.keywords.length > 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {title}
        </Title>
        {headerAction}
      </Group>

      <Stack gap="sm" role="search" aria-label={t('searchRegion')}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={query.isFetching && state.text.length > 0 ? <Loader size={14} aria-hidden /> : undefined}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            type="search"
            maxLength={TEXT_LIMITS.search}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Select
            label={t('sort.label')}
            data={SORT_FIELDS.map((field) => ({ value: field, label: t(`sort.${field}`) }))}
            value={sortField}
            onChange={(value) => value && change({ sortField: value as SortField })}
            allowDeselect={false}
            w={200}
          />
          <Tooltip label={sortCriteria === -1 ? t('sort.descending') : t('sort.ascending')}>
            <ActionIcon
              size="lg"
              variant="default"
              aria-label={sortCriteria === -1 ? t('sort.descending') : t('sort.ascending')}
              onClick={() => change({ sortCriteria: sortCriteria === -1 ? 1 : -1 })}
              mb={2}
            >
              {sortCriteria === -1 ? <IconSortDescending size={18} aria-hidden /> : <IconSortAscending size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        </Group>
        <TagFilter organizationId={organizationId} value={criteria} onChange={(value) => change(value)} />
        <KeywordFilter value={params.keywords} onChange={(keywords) => change({ keywords })} />
      </Stack>

      <Group justify="space-between" role="toolbar" aria-label={t('library:list.selectionToolbar')}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {query.data ? t(countExact ? 'count' : 'countAtLeast', { count }) : ''}
          {selectedIds.length > 0 ? ` · ${t('selected', { count: selectedIds.length })}` : ''}
        </Text>
        <Group gap="sm">
          {/* Extra selection actions of the page (e.g. sharing) go here, before the delete button. */}
          {selectionActions?.(selectedIds)}
          {deletable && (
            <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={askDelete} disabled={selectedIds.length === 0}>
              {t('delete.button')}
            </Button>
          )}
        </Group>
      </Group>

      {query.isPending ? (
        <CenteredLoader />
      ) : query.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {query.error.message}
        </Alert>
      ) : list.length === 0 ? (
        <Paper withBorder p="xl" radius="md" ta="center" data-testid="explore-empty">
          {filtering ? <Text>{t('empty.noMatch')}</Text> : emptyState}
        </Paper>
      ) : (
        // On a phone the list keeps the name and the status, which fit its width; the media's page has the rest.
        <Table.ScrollContainer minWidth={phone ? 0 : 820}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('table')} aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr style={NOWRAP}>
                {selectable && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('selectAll')}
                      checked={allSelected}
                      indeterminate={selectedIds.length > 0 && !allSelected}
                      onChange={(event) => toggleAll(event.currentTarget.checked)}
                    />
                  </Table.Th>
                )}
                <Table.Th w={36} px={0} scope="col">
                  <VisuallyHidden>{t('library:favorites.column')}</VisuallyHidden>
                </Table.Th>
                <Table.Th scope="col">{t('columns.name')}</Table.Th>
                <Table.Th scope="col">{t('columns.status')}</Table.Th>
                {!phone && (
                  <>
                    <Table.Th scope="col">{t('columns.duration')}</Table.Th>
                    <Table.Th scope="col">{t('columns.language')}</Table.Th>
                    <Table.Th scope="col">{t('columns.lastUpdate')}</Table.Th>
                    <Table.Th scope="col">{t('columns.right')}</Table.Th>
                  </>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((item) => (
                <MediaRow
                  key={item._id}
                  item={item}
                  selected={selected.has(item._id)}
                  onToggle={selectable ? toggle : undefined}
                  tagIndex={tagIndex}
                  organizationId={organizationId}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <ListPager count={count} countExact={countExact} page={page} size={size} onPage={(p) => change({ page: p })} onSize={(value) => change({ size: value })} />

      {deletable && (
        <Modal opened={confirming} onClose={() => !remove.isPending && setConfirming(false)} title={t('delete.title')} centered>
          <Stack>
            {/* One media is named, several are counted: the confirmation says what goes. */}
            <Text>{t('delete.message', { count: selectedIds.length, name: list.find((item) => item._id === selectedIds[0])?.name ?? '' })}</Text>
            {deleteError && (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={t('delete.failed')}>
                {deleteError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)} disabled={remove.isPending}>
                {t('common:actions.cancel')}
              </Button>
              <Button color="red" onClick={confirmDelete} loading={remove.isPending} data-autofocus>
                {t('delete.confirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
