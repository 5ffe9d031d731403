/**
 * The fields of the session form (docs/PRODUCT.md, Screens and routes; Validation), shared by the create and settings pages: name and
 * alias, channels (add, remove), schedule, visibility, options, watermark and metadata. Errors are
 * translated messages by field path.
 */
import { ActionIcon, Button, Checkbox, Fieldset, Group, NumberInput, Radio, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { SESSION_LIMITS, SESSION_VISIBILITIES, type TranscriberProfile } from '@palabre/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ChannelFields } from './ChannelFields.tsx';
import { emptyChannel, type SessionForm } from './form.ts';

interface SessionFormFieldsProps {
  form: SessionForm;
  onChange: (form: SessionForm) => void;
  errors: Record<string, string>;
  profiles: TranscriberProfile[];
  /** Channels cannot change once the session has started. */
  channelsLocked?: boolean;
  /** The settings page names the session through its own alias field. */
  withAlias?: boolean;
}

export function SessionFormFields({ form, onChange, errors, profiles, channelsLocked = false, withAlias = true }: SessionFormFieldsProps) {
  const { t } = useTranslation('sessions');
  const set = <K extends keyof SessionForm>(key: K, value: SessionForm[K]) => onChange({ ...form, [key]: value });
  const error = (field: string) => errors[field];
  const watermark = form.watermark;
  const setWatermark = (patch: Partial<SessionForm['watermark']>) => set('watermark', { ...watermark, ...patch });

  return (
    <Stack gap="lg">
      <Fieldset legend={t('form.general')}>
        <Stack gap="sm">
          <TextInput label={t('form.name')} required maxLength={SESSION_LIMITS.name} value={form.name} onChange={(e) => set('name', e.currentTarget.value)} error={error('name')} />
          {withAlias && (
            <TextInput
              label={t('form.alias')}
              description={t('form.aliasHelp')}
              maxLength={SESSION_LIMITS.aliasName}
              value={form.alias}
              onChange={(e) => set('alias', e.currentTarget.value)}
              error={error('alias')}
            />
          )}
        </Stack>
      </Fieldset>

      <Fieldset legend={t('form.channels')}>
        <Stack gap="sm">
          {channelsLocked && (
            <Text size="sm" c="dimmed">
              {t('form.channelsLocked')}
            </Text>
          )}
          {form.channels.map((channel, index) => (
            <ChannelFields
              key={index}
              index={index}
              channel={channel}
              profiles={profiles}
              errors={error}
              disabled={channelsLocked}
              onChange={(next) =>
                set(
                  'channels',
                  form.channels.map((c, i) => (i === index ? next : c)),
                )
              }
              onRemove={
                !channelsLocked && form.channels.length > 1
                  ? () =>
                      set(
                        'channels',
                        form.channels.filter((_, i) => i !== index),
                      )
                  : undefined
              }
            />
          ))}
          {error('channels') && (
            <Text size="sm" c="red" role="alert">
              {error('channels')}
            </Text>
          )}
          {!channelsLocked && form.channels.length < SESSION_LIMITS.channels && (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => set('channels', [...form.channels, emptyChannel()])}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('form.addChannel')}
            </Button>
          )}
        </Stack>
      </Fieldset>

      <Fieldset legend={t('form.schedule')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap="xs">
            <TextInput
              type="datetime-local"
              label={t('form.scheduleOn')}
              value={form.scheduleOn}
              onChange={(e) => set('scheduleOn', e.currentTarget.value)}
              error={error('scheduleOn')}
            />
            <Checkbox label={t('form.autoStart')} checked={form.autoStart} onChange={(e) => set('autoStart', e.currentTarget.checked)} />
          </Stack>
          <Stack gap="xs">
            <TextInput type="datetime-local" label={t('form.endOn')} value={form.endOn} onChange={(e) => set('endOn', e.currentTarget.value)} error={error('endOn')} />
            <Checkbox label={t('form.autoEnd')} checked={form.autoEnd} onChange={(e) => set('autoEnd', e.currentTarget.checked)} />
          </Stack>
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('form.access')}>
        <Stack gap="sm">
          <Radio.Group label={t('form.visibility')} value={form.visibility} onChange={(value) => set('visibility', value as SessionForm['visibility'])}>
            <Group mt={4}>
              {SESSION_VISIBILITIES.map((visibility) => (
                <Radio key={visibility} value={visibility} label={t(`visibility.${visibility}`)} />
              ))}
            </Group>
          </Radio.Group>
          {form.visibility === 'public' && (
            <Switch label={t('form.anonymousAccess')} checked={form.anonymousAccess} onChange={(e) => set('anonymousAccess', e.currentTarget.checked)} />
          )}
        </Stack>
      </Fieldset>

      <Fieldset legend={t('form.options')}>
        <Stack gap="xs">
          <Switch label={t('form.liveTranscription')} checked={form.liveTranscription} onChange={(e) => set('liveTranscription', e.currentTarget.checked)} />
          <Switch label={t('form.keepAudio')} checked={form.keepAudio} onChange={(e) => set('keepAudio', e.currentTarget.checked)} />
          <Switch label={t('form.diarization')} checked={form.diarization} onChange={(e) => set('diarization', e.currentTarget.checked)} />
        </Stack>
      </Fieldset>

      <Fieldset legend={t('form.watermark')}>
        <Stack gap="sm">
          <Switch label={t('form.watermarkEnabled')} checked={watermark.enabled} onChange={(e) => setWatermark({ enabled: e.currentTarget.checked })} />
          {watermark.enabled && (
            <>
              <TextInput
                label={t('form.watermarkText')}
                maxLength={SESSION_LIMITS.watermarkText}
                value={watermark.text}
                onChange={(e) => setWatermark({ text: e.currentTarget.value })}
                error={error('watermark.text')}
              />
              <Checkbox label={t('form.watermarkPinned')} checked={watermark.pinned} onChange={(e) => setWatermark({ pinned: e.currentTarget.checked })} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label={t('form.watermarkFrequency')}
                  min={1}
                  max={SESSION_LIMITS.watermarkMaxFrequencySeconds}
                  value={watermark.frequency}
                  onChange={(value) => setWatermark({ frequency: Number(value) || 0 })}
                  disabled={watermark.pinned}
                  error={error('watermark.frequency')}
                />
                <NumberInput
                  label={t('form.watermarkDuration')}
                  min={1}
                  max={SESSION_LIMITS.watermarkMaxDurationSeconds}
                  value={watermark.duration}
                  onChange={(value) => setWatermark({ duration: Number(value) || 0 })}
                  disabled={watermark.pinned}
                  error={error('watermark.duration')}
                />
              </SimpleGrid>
            </>
          )}
        </Stack>
      </Fieldset>

      <Fieldset legend={t('form.metadata')}>
        <Stack gap="xs">
          {form.metadata.map((pair, index) => (
            <Group key={index} align="flex-start" wrap="nowrap">
              <TextInput
                label={t('form.metadataKey')}
                value={pair.key}
                onChange={(e) =>
                  set(
                    'metadata',
                    form.metadata.map((p, i) => (i === index ? { ...p, key: e.currentTarget.value } : p)),
                  )
                }
                error={error(`metadata.${index}.key`)}
                style={{ flex: 1 }}
              />
              <TextInput
                label={t('form.metadataValue')}
                value={pair.value}
                onChange={(e) =>
                  set(
                    'metadata',
                    form.metadata.map((p, i) => (i === index ? { ...p, value: e.currentTarget.value } : p)),
                  )
                }
                error={error(`metadata.${index}.value`)}
                style={{ flex: 2 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                onClick={() =>
                  set(
                    'metadata',
                    form.metadata.filter((_, i) => i !== index),
                  )
                }
                aria-label={t('form.removeMetadata', { number: index + 1 })}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {form.metadata.length < SESSION_LIMITS.metadataPairs && (
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => set('metadata', [...form.metadata, { key: '', value: '' }])}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('form.addMetadata')}
            </Button>
          )}
        </Stack>
      </Fieldset>
    </Stack>
  );
}
