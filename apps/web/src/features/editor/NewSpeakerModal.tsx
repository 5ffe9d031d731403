/** "New speaker…" from a turn's speaker menu: names a speaker, adds it and gives it the turn, in one step to undo. */
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { TEXT_LIMITS } from '@palabre/shared';
import { addSpeaker, setTurnSpeaker } from '@palabre/shared/collab';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorSession } from './session.ts';
import { newId } from './turnActions.ts';

export function NewSpeakerModal({ turnId, onClose }: { turnId: string | null; onClose(): void }) {
  const { t } = useTranslation('editor');
  const session = useEditorSession();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('speaker.nameRequired'));
      return;
    }
    if (!turnId) return;
    session.doc.transact(() => {
      const added = addSpeaker(session.doc, trimmed, newId, session.origin);
      if (added.ok) setTurnSpeaker(session.doc, turnId, added.value.speakerId, session.origin);
    }, session.origin);
    setName('');
    setError(null);
    onClose();
    session.focusTurn(turnId);
  };

  return (
    <Modal opened={turnId !== null} onClose={onClose} title={t('speaker.newTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextInput
          label={t('speaker.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          maxLength={TEXT_LIMITS.personName}
          data-autofocus
          required
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('speaker.cancel')}
          </Button>
          <Button type="submit">{t('speaker.add')}</Button>
        </Group>
      </form>
    </Modal>
  );
}
