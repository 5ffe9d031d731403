/**
 * /interface/conversations/:conversationId/transcription — the transcript editor (docs/PRODUCT.md,
 * Screens and routes): the media's name and the way back, a toolbar (connection state, who is here,
 * undo / redo, the panels), the player, and the whole transcript as one virtualised list of editable
 * turns, shared live with everyone in the document (docs/collaboration.md). Readers get the same
 * screen with nothing editable; the server decides the right, and refuses a reader's changes too.
 * The media's name follows a rename made elsewhere.
 */
import { Anchor, Badge, Container, Group, Stack, Title } from '@mantine/core';
import { hasRight, RIGHT } from '@palabre/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { QueryFallback } from '../../components/QueryFallback.tsx';
import { paths } from '../../routes/paths.ts';
import { PlayerContext, PlayerController } from '../player/player.ts';
import { useStartAt } from '../player/startAt.ts';
import { useEditorMedia, useEditorMediaUpdates, type EditorMedia } from './api.ts';
import { EditorWorkspace } from './EditorWorkspace.tsx';
import { useCollabDocument, type CollabDocument } from './useCollabDocument.ts';

function Editor({ conversation, document }: { conversation: EditorMedia; document: CollabDocument | null }) {
  const { t } = useTranslation('editor');
  const player = useMemo(() => new PlayerController(conversation.duration ?? 0), [conversation._id, conversation.duration]);
  useStartAt(player);
  const readOnly = document?.status.access ? document.status.access === 'read' : !hasRight(conversation.right, RIGHT.WRITE);

  return (
    <PlayerContext.Provider value={player}>
      <Stack gap="sm">
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={paths.conversation(conversation._id)} size="sm" data-testid="back-to-overview">
              <Group gap={4} component="span" wrap="nowrap">
                <IconArrowLeft size={14} />
                {t('page.back')}
              </Group>
            </Anchor>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {conversation.name}
            </Title>
          </Stack>
          {readOnly && (
            <Badge variant="outline" color="gray" data-testid="read-only">
              {t('page.readOnly')}
            </Badge>
          )}
        </Group>
        {document ? <EditorWorkspace conversation={conversation} document={document} player={player} /> : <CenteredLoader />}
      </Stack>
    </PlayerContext.Provider>
  );
}

export function TranscriptionPage() {
  useTranslation(['editor', 'conversations', 'common']);
  // The guard lets only a valid media id with some right reach here.
  const { conversationId } = useParams();
  // The document is joined at once, while the media's fields load beside it.
  const document = useCollabDocument(conversationId ?? '');
  const query = useEditorMedia(conversationId);
  useEditorMediaUpdates(query.data);
  if (!query.data) return <QueryFallback query={query} />;
  return (
    <Container size="lg" w="100%" px={0}>
      <Editor conversation={query.data} document={document} />
    </Container>
  );
}
