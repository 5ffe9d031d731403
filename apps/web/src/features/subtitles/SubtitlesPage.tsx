/**
 * /interface/conversations/:conversationId/subtitles — the media's subtitle versions (docs/PRODUCT.md,
 * Screens and routes; docs/subtitles.md): the list, kept current by the session socket's `subtitles`
 * notices; writers generate a version from the transcript, rename, copy and delete versions (several
 * at once, after a confirmation); readers see the list and open versions read-only.
 */
import { Alert, Button, Container, Group, List, Paper, Stack, Text } from '@mantine/core';
import { hasRight, RIGHT, type SubtitleVersionSummary } from '@palabre/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { QueryFallback } from '../../components/QueryFallback.tsx';
import { ErrorView } from '../../components/ErrorView.tsx';
import { useApiErrors } from '../../components/FormFailure.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { paths } from '../../routes/paths.ts';
import { ToolPageHeader } from '../conversations/ToolPageHeader.tsx';
import { useEditorMedia, type EditorMedia } from '../editor/api.ts';
import { useSubtitleMutations, useSubtitleVersions } from './api.ts';
import { GenerateModal } from './GenerateModal.tsx';
import { NameModal } from './NameModal.tsx';
import { VersionsTable, type VersionAction } from './VersionsTable.tsx';
import { useConversationUpdates } from '../realtime/useConversationUpdates.ts';

type Dialog = { kind: 'generate' } | { kind: 'rename' | 'copy'; version: SubtitleVersionSummary } | { kind: 'delete'; versions: SubtitleVersionSummary[] } | null;

function Versions({ media }: { media: EditorMedia }) {
  const { t } = useTranslation(['subtitles', 'common']);
  const errors = useApiErrors();
  const navigate = useNavigate();
  const writable = hasRight(media.right, RIGHT.WRITE);
  const versions = useSubtitleVersions(media._id);
  const mutations = useSubtitleMutations(media._id);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  useConversationUpdates(media.organizationId);

  const list = versions.data ?? [];
  // A version deleted elsewhere leaves the selection.
  const chosen = list.filter((v) => selected.has(v._id));
  const close = () => {
    setDialog(null);
    for (const mutation of [mutations.create, mutations.update, mutations.copy, mutations.remove]) mutation.reset();
  };
  const onAction = (action: VersionAction, version: SubtitleVersionSummary) => setDialog(action === 'delete' ? { kind: 'delete', versions: [version] } : { kind: action, version });

  return (
    <Stack gap="md">
      {writable && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ kind: 'generate' })} disabled={media.status !== 'done'}>
            {t('list.generate')}
          </Button>
          {chosen.length > 0 && (
            <Button color="red" variant="light" leftSection={<IconTrash size={18} aria-hidden />} onClick={() => setDialog({ kind: 'delete', versions: chosen })}>
              {t('list.deleteSelected', { count: chosen.length })}
            </Button>
          )}
        </Group>
      )}
      {!writable && (
        <Alert color="gray" variant="light" data-testid="read-only">
          {t('list.readOnly')}
        </Alert>
      )}
      {writable && media.status !== 'done' && (
        <Text size="sm" c="dimmed">
          {t('list.notReady')}
        </Text>
      )}
      <Paper withBorder radius="md" p="xs">
        {versions.isPending ? (
          <CenteredLoader />
        ) : versions.isError ? (
          <ErrorView error={versions.error} />
        ) : list.length === 0 ? (
          <Text c="dimmed" p="md" ta="center" data-testid="no-versions">
            {writable ? t('list.emptyWriter') : t('list.empty')}
          </Text>
        ) : (
          <VersionsTable versions={list} writable={writable} selected={selected} onSelect={setSelected} onAction={onAction} />
        )}
      </Paper>

      <GenerateModal
        opened={dialog?.kind === 'generate'}
        pending={mutations.create.isPending}
        error={mutations.create.error}
        onClose={close}
        onSubmit={(body) =>
          mutations.create.mutate(body, {
            onSuccess: (version) => {
              close();
              void navigate(paths.conversationSubtitle(media._id, version._id));
            },
          })
        }
      />
      <NameModal
        opened={dialog?.kind === 'rename'}
        title={t('list.renameTitle')}
        submitLabel={t('common:actions.save')}
        initial={dialog?.kind === 'rename' ? dialog.version.name : ''}
        pending={mutations.update.isPending}
        error={mutations.update.error}
        onClose={close}
        onSubmit={(name) => dialog?.kind === 'rename' && mutations.update.mutate({ subtitleId: dialog.version._id, name }, { onSuccess: close })}
      />
      <NameModal
        opened={dialog?.kind === 'copy'}
        title={t('list.copyTitle')}
        submitLabel={t('list.copy')}
        initial={dialog?.kind === 'copy' ? t('list.copyName', { name: dialog.version.name }) : ''}
        pending={mutations.copy.isPending}
        error={mutations.copy.error}
        onClose={close}
        onSubmit={(name) => dialog?.kind === 'copy' && mutations.copy.mutate({ subtitleId: dialog.version._id, name }, { onSuccess: close })}
      />
      <ConfirmDelete
        opened={dialog?.kind === 'delete'}
        title={t('list.deleteTitle', { count: dialog?.kind === 'delete' ? dialog.versions.length : 0 })}
        message={t('list.deleteMessage', { count: dialog?.kind === 'delete' ? dialog.versions.length : 0 })}
        pending={mutations.remove.isPending}
        onClose={close}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          const count = dialog.versions.length;
          mutations.remove.mutate(
            dialog.versions.map((v) => v._id),
            {
              onSuccess: () => {
                setSelected(new Set());
                close();
                notifySuccess(t('list.deleted', { count }));
              },
            },
          );
        }}
      >
        <List size="sm" data-testid="delete-names">
          {(dialog?.kind === 'delete' ? dialog.versions : []).map((version) => (
            <List.Item key={version._id} style={{ overflowWrap: 'anywhere' }}>
              {version.name}
            </List.Item>
          ))}
        </List>
        {mutations.remove.isError && (
          <Alert color="red" role="alert">
            {errors.message(mutations.remove.error)}
          </Alert>
        )}
      </ConfirmDelete>
    </Stack>
  );
}

export function SubtitlesPage() {
  const { t } = useTranslation('subtitles');
  // The guard lets only a valid media id with some right reach here.
  const { conversationId = '' } = useParams();
  const query = useEditorMedia(conversationId);
  if (!query.data) return <QueryFallback query={query} />;
  return (
    <Container size="lg" w="100%" px={0}>
      <Stack gap="md">
        <ToolPageHeader conversationId={conversationId} back={t('back')} title={t('list.title')} mediaName={query.data.name} />
        <Versions media={query.data} />
      </Stack>
    </Container>
  );
}
