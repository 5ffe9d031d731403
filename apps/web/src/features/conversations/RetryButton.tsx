/**
 * Retry of a media whose processing failed: a dialog to process it again, possibly in another
 * language or with another transcriber profile among the organization's available ones.
 */
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { MediaLanguage } from '@palabre/shared';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure, useApiErrors } from '../../components/FormFailure.tsx';
import { useRetryConversation, useTranscriberProfiles, type ConversationDetail } from './api.ts';
import { fittingChoice, languageChoices, profileFits } from './languages.ts';

export function RetryButton({ conversation }: { conversation: ConversationDetail }) {
  const { t } = useTranslation(['conversations', 'common']);
  const [opened, setOpened] = useState(false);
  const retry = useRetryConversation(conversation._id);
  const profiles = useTranscriberProfiles(opened ? conversation.organizationId : undefined);
  const apiErrors = useApiErrors();
  const [language, setLanguage] = useState<MediaLanguage>(conversation.requestedLanguage);
  const [profileId, setProfileId] = useState<string | null>(conversation.transcriberProfileId);
  const languages = useMemo(() => languageChoices(profiles.data), [profiles.data]);

  // As on the creation form: an offered language, and a profile that fits it.
  useEffect(() => {
    if (!profiles.data) return;
    const fitting = fittingChoice(profiles.data, { language, profileId });
    if (fitting.language !== language) setLanguage(fitting.language);
    if (fitting.profileId !== profileId) setProfileId(fitting.profileId);
  }, [profiles.data, language, profileId]);

  const open = () => {
    retry.reset();
    setLanguage(conversation.requestedLanguage);
    setProfileId(conversation.transcriberProfileId);
    setOpened(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    retry.mutate({ language, ...(profileId ? { transcriberProfileId: profileId } : {}) }, { onSuccess: () => setOpened(false) });
  };
  const fields = apiErrors.fields(retry.error);

  return (
    <>
      <Button leftSection={<IconRefresh size={16} />} onClick={open}>
        {t('status.retry')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('retry.title')}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{t('retry.explanation')}</Text>
            <Select
              label={t('settings.language')}
              data={languages.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
              value={language}
              onChange={(value) => value && setLanguage(value as MediaLanguage)}
              error={fields.language}
              allowDeselect={false}
            />
            <Select
              label={t('settings.profile')}
              placeholder={profiles.isPending ? t('common:app.loading') : t('settings.profilePlaceholder')}
              data={(profiles.data ?? []).map((p) => ({
                value: p._id,
                label: p.availability.ok
                  ? profileFits(p, language)
                    ? p.name
                    : `${p.name} — ${t('settings.otherLanguage')}`
                  : `${p.name} — ${t('settings.unavailable', { reason: p.availability.reason ?? t('settings.unavailableUnknown') })}`,
                disabled: !p.availability.ok || !profileFits(p, language),
              }))}
              value={profileId}
              onChange={(value) => value && setProfileId(value)}
              error={fields.transcriberProfileId}
              allowDeselect={false}
            />
            <FormFailure error={retry.isError ? retry.error : null} placed={['language', 'transcriberProfileId']} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={retry.isPending} leftSection={<IconRefresh size={16} />}>
                {t('retry.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
