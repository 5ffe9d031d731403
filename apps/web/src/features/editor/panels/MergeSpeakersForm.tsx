/** Merging two speakers: which one stays, which one goes, after a confirmation. */
import { Button, NativeSelect, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpeakerStat } from './docState.ts';

interface Props {
  speakers: SpeakerStat[];
  onMerge(fromId: string, intoId: string): void;
}

export function MergeSpeakersForm({ speakers, onMerge }: Props) {
  const { t } = useTranslation(['editorPanels', 'common']);
  const [from, setFrom] = useState('');
  const [into, setInto] = useState('');
  const options = speakers.map((s) => ({ value: s.id, label: s.name }));
  const choose = { value: '', label: t('speakers.choose') };
  const fromSpeaker = speakers.find((s) => s.id === from);
  const intoSpeaker = speakers.find((s) => s.id === into);

  function confirm() {
    if (!fromSpeaker || !intoSpeaker) return;
    modals.openConfirmModal({
      title: t('speakers.mergeTitle'),
      children: <Text size="sm">{t('speakers.mergeConfirm', { from: fromSpeaker.name, into: intoSpeaker.name, count: fromSpeaker.turns })}</Text>,
      labels: { confirm: t('speakers.mergeAction'), cancel: t('common:actions.cancel') },
      onConfirm: () => {
        onMerge(fromSpeaker.id, intoSpeaker.id);
        setFrom('');
        setInto('');
      },
    });
  }

  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" size="sm" fw={600}>
        {t('speakers.mergeTitle')}
      </Text>
      <NativeSelect
        size="xs"
        label={t('speakers.mergeFrom')}
        data={[choose, ...options.filter((o) => o.value !== into)]}
        value={from}
        onChange={(event) => setFrom(event.currentTarget.value)}
      />
      <NativeSelect
        size="xs"
        label={t('speakers.mergeInto')}
        data={[choose, ...options.filter((o) => o.value !== from)]}
        value={into}
        onChange={(event) => setInto(event.currentTarget.value)}
      />
      <Button size="xs" variant="default" onClick={confirm} disabled={!fromSpeaker || !intoSpeaker} style={{ alignSelf: 'flex-start' }}>
        {t('speakers.mergeAction')}
      </Button>
    </Stack>
  );
}
