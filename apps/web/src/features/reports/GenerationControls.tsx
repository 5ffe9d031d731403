/**
 * Generating a report: the method (an AI profile of the organization, or the extractive methods that
 * need none; the choice is offered only when the organization has profiles) and the button, named
 * for what it does now (generate, regenerate, retry). Replacing an existing text asks first: the old
 * text stays in the versions.
 */
import { Button, Group, Select, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { AiProfile, Report } from '@palabre/shared';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiProfiles } from './api.ts';
import { defaultProfileChoice, EXTRACTIVE, reportPhase, type ProfileChoice } from './state.ts';

interface Props {
  organizationId: string;
  report: Report | null;
  /** The media has no transcript yet. */
  disabled: boolean;
  pending: boolean;
  onGenerate: (profileId: ProfileChoice) => void;
}

export function GenerationControls({ organizationId, report, disabled, pending, onGenerate }: Props) {
  const { t } = useTranslation(['publish', 'common']);
  const profiles = useAiProfiles(organizationId, true);
  const list = profiles.data ?? [];
  const [chosen, setChosen] = useState<ProfileChoice | null>(null);
  // A profile removed meanwhile is no longer a choice.
  const choice = chosen && (chosen === EXTRACTIVE || list.some((p) => p._id === chosen)) ? chosen : defaultProfileChoice(list);
  const phase = reportPhase(report);
  const action = phase === 'none' ? 'generate' : phase === 'error' ? 'retry' : 'regenerate';

  const start = () => {
    if (!report?.markdown) return onGenerate(choice);
    modals.openConfirmModal({
      title: t('publish:report.regenerateConfirm.title'),
      children: <Text size="sm">{t('publish:report.regenerateConfirm.text')}</Text>,
      labels: { confirm: t(`publish:report.${action}`), cancel: t('common:actions.cancel') },
      onConfirm: () => onGenerate(choice),
    });
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {list.length > 0 && (
        <Select
          label={t('publish:report.profile')}
          description={t('publish:report.profileHint')}
          data={[...list.map((profile) => ({ value: profile._id, label: profileLabel(profile) })), { value: EXTRACTIVE, label: t('publish:report.extractive') }]}
          value={choice}
          onChange={(value) => value && setChosen(value)}
          allowDeselect={false}
          w={{ base: '100%', xs: 320 }}
          disabled={phase === 'running'}
        />
      )}
      <Button leftSection={<IconSparkles size={18} aria-hidden />} onClick={start} loading={pending} disabled={disabled || phase === 'running'}>
        {t(`publish:report.${action}`)}
      </Button>
    </Group>
  );

  function profileLabel(profile: AiProfile): string {
    const name = profile.isDefault ? t('publish:report.profileDefault', { name: profile.name }) : profile.name;
    return profile.availability.ok ? name : t('publish:report.profileUnavailable', { name });
  }
}
