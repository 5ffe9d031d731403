/**
 * /interface/conversations/:conversationId/subtitles/:subtitleId — the screen editor of a subtitle
 * version (docs/subtitles.md): the version's screens as a live document shared with everyone in it
 * (docs/collaboration.md, Subtitle documents), edited through the shared operations. Readers get the
 * same screen with nothing editable; the server decides the right and refuses a reader's changes too.
 */
import { Anchor, Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import { hasRight, RIGHT } from '@palabre/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { isMissing } from '../../../api/client.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { ErrorView } from '../../../components/ErrorView.tsx';
import { paths } from '../../../routes/paths.ts';
import { useEditorMedia, type EditorMedia } from '../../editor/api.ts';
import { useCollabDocument } from '../../editor/useCollabDocument.ts';
import { PlayerContext, PlayerController } from '../../player/player.ts';
import { useStartAt } from '../../player/startAt.ts';
import { useSubtitleVersions } from '../api.ts';
import { SubtitleWorkspace } from './SubtitleWorkspace.tsx';

function Editor({ media, subtitleId, name }: { media: EditorMedia; subtitleId: string; name: string }) {
  const { t } = useTranslation('subtitles');
  const player = useMemo(() => new PlayerController(media.duration ?? 0), [media._id, media.duration]);
  useStartAt(player);
  const document = useCollabDocument(media._id, subtitleId);
  const readOnly = document?.status.access ? document.status.access === 'read' : !hasRight(media.right, RIGHT.WRITE);
  return (
    <PlayerContext.Provider value={player}>
      <Stack gap="sm">
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={paths.conversationSubtitles(media._id)} size="sm" w="fit-content" data-testid="back-to-versions">
              <Group gap={4} component="span" wrap="nowrap">
                <IconArrowLeft size={14} aria-hidden />
                {t('editor.back')}
              </Group>
            </Anchor>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {media.name}
            </Text>
          </Stack>
          {readOnly && (
            <Badge variant="outline" color="gray" data-testid="read-only">
              {t('editor.readOnly')}
            </Badge>
          )}
        </Group>
        {document ? <SubtitleWorkspace media={media} subtitleId={subtitleId} name={name} document={document} player={player} /> : <CenteredLoader />}
      </Stack>
    </PlayerContext.Provider>
  );
}

export function SubtitleEditorPage() {
  useTranslation(['subtitles', 'editor', 'conversations', 'common']);
  // The guard lets only valid ids of a media with some right reach here.
  const { conversationId = '', subtitleId = '' } = useParams();
  const media = useEditorMedia(conversationId);
  // The versions' summaries (a few, renamed live by the session socket's notices), not the version's screens: those come from the document.
  const versions = useSubtitleVersions(conversationId);
  // A version deleted while open keeps its editor (which then says it was left) rather than vanishing.
  const known = useRef<{ id: string; name: string } | null>(null);
  const version = versions.data?.find((v) => v._id === subtitleId);
  if (version) known.current = { id: version._id, name: version.name };
  const name = version?.name ?? (known.current?.id === subtitleId ? known.current.name : null);
  if (media.isPending || versions.isPending) return <CenteredLoader />;
  if (!media.data || name === null) {
    const error = media.error ?? versions.error;
    if (!error || isMissing(error)) return <Navigate to={paths.notFound} replace />;
    return <ErrorView error={error} />;
  }
  return (
    <Container size="xl" w="100%" px={0}>
      <Editor key={subtitleId} media={media.data} subtitleId={subtitleId} name={name} />
    </Container>
  );
}
