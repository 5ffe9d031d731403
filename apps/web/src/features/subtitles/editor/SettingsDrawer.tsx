/**
 * The version's limits: shown to everyone, changed by writers. Saving sends them to the server,
 * which stores them in the document (setSettings), so every open editor's warnings follow at once.
 */
import { Drawer, Stack, Text } from '@mantine/core';
import type { SubtitleSettings } from '@palabre/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/FormActions.tsx';
import { FormFailure } from '../../../components/FormFailure.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { useSubtitleMutations } from '../api.ts';
import { SettingsFields } from '../SettingsFields.tsx';
import { checkSettings, draftOf, sameSettings, type FieldError, type SettingsDraft, type SettingsField } from '../settingsForm.ts';

interface Props {
  opened: boolean;
  onClose(): void;
  conversationId: string;
  subtitleId: string;
  settings: SubtitleSettings;
  writable: boolean;
}

export function SettingsDrawer({ opened, onClose, conversationId, subtitleId, settings, writable }: Props) {
  const { t } = useTranslation(['subtitles', 'common']);
  const { update } = useSubtitleMutations(conversationId);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Partial<Record<SettingsField, FieldError>>>({});

  // Each opening starts from the limits as they are now (another editor may have changed them).
  useEffect(() => {
    if (!opened) return;
    setDraft(draftOf(settings));
    setErrors({});
    update.reset();
    // Only when the drawer opens.
  }, [opened]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkSettings(draft);
    setErrors(check.ok ? {} : check.errors);
    if (!check.ok) return;
    if (sameSettings(check.settings, settings)) {
      onClose();
      return;
    }
    update.mutate(
      { subtitleId, settings: check.settings },
      {
        onSuccess: () => {
          notifySuccess(t('settingsPanel.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={t('settingsPanel.title')} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate data-testid="settings-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {writable ? t('settingsPanel.intro') : t('settingsPanel.readOnly')}
          </Text>
          <SettingsFields draft={draft} errors={errors} onChange={setDraft} readOnly={!writable} />
          <FormFailure error={update.error} />
          {writable && <FormActions submitLabel={t('common:actions.save')} pending={update.isPending} onCancel={onClose} />}
        </Stack>
      </form>
    </Drawer>
  );
}
