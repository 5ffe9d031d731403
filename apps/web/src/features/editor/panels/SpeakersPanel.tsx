/**
 * The document's speakers with their turn counts: rename one everywhere, add one, merge two. Only
 * speakers with turns are listed, and those this user just added, until they give them a turn
 * (listedSpeakers). Read-only for readers.
 */
import { Alert, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { addSpeaker, mergeSpeakers, renameSpeaker } from '@palabre/shared/collab';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorSession } from '../session.ts';
import { listedSpeakers } from './docState.ts';
import { MergeSpeakersForm } from './MergeSpeakersForm.tsx';
import { SpeakerRow } from './SpeakerRow.tsx';
import { useDocVersion } from './useDocVersion.ts';

export function SpeakersPanel() {
  const { t } = useTranslation('editorPanels');
  const session = useEditorSession();
  const canWrite = session.access === 'write';
  const [version, bump] = useDocVersion(session.doc);
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  // `version` moves when the document changed.
  const speakers = useMemo(() => listedSpeakers(session.doc, session.addedSpeakers), [session.doc, session.addedSpeakers, version]);

  function outcome(result: { ok: boolean }): boolean {
    setFailure(result.ok ? null : t('speakers.failed'));
    bump();
    return result.ok;
  }

  function add() {
    const trimmed = name.trim();
    if (!trimmed) return;
    const result = addSpeaker(session.doc, trimmed, () => crypto.randomUUID(), session.origin);
    if (outcome(result) && result.ok) {
      session.addedSpeakers.add(result.value.speakerId);
      setName('');
    }
  }

  return (
    <Stack gap="md">
      {!canWrite && (
        <Text size="sm" c="dimmed">
          {t('speakers.readOnly')}
        </Text>
      )}
      <Stack gap="xs" component="ul" aria-label={t('speakers.list')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {speakers.map((speaker) => (
          <li key={speaker.id} data-speaker-id={speaker.id}>
            <SpeakerRow speaker={speaker} canWrite={canWrite} onRename={(next) => outcome(renameSpeaker(session.doc, speaker.id, next, session.origin))} />
          </li>
        ))}
      </Stack>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {canWrite && (
        <>
          <Divider />
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              flex={1}
              size="xs"
              label={t('speakers.add')}
              value={name}
              maxLength={200}
              onChange={(event) => setName(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                add();
              }}
            />
            <Button size="xs" variant="default" onClick={add} disabled={!name.trim()}>
              {t('speakers.addAction')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('speakers.addHint')}
          </Text>
          {speakers.length > 1 && (
            <>
              <Divider />
              <MergeSpeakersForm speakers={speakers} onMerge={(from, into) => outcome(mergeSpeakers(session.doc, from, into, session.origin))} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
