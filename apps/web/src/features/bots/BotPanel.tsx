/**
 * A channel's videoconference bots (docs/meetings.md): each with its status and, when it failed or
 * left, why (following the session notices); those who operate a started session make one leave, or
 * send another into a meeting with the captions' language (the channel's language or one of its
 * translations) and whether they are shown in the call.
 */
import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { type Bot, type SessionChannel } from '@palabre/shared';
import { IconDoorExit, IconPlus } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure, useApiErrors } from '../../components/FormFailure.tsx';
import { useSession } from '../sessions/api.ts';
import { useLanguageName } from '../sessions/format.ts';
import { useBotNotices, useBots, useCreateBot, useRemoveBot } from './api.ts';
import { CaptionFields, MeetingUrlField } from './BotFields.tsx';
import classes from './Bots.module.css';
import { isBotActive, meetingUrlState, reasonKey, serviceKey, STATUS_COLORS, statusKey, subtitleLanguageChoices } from './status.ts';

/** A channel's videoconference bots, their status, and sending one (docs/meetings.md). */
export interface BotPanelProps {
  organizationId: string;
  sessionId: string;
  channelId: string;
  /** The panel's heading (default "Videoconference bots"); e.g. the channel's name among a session's channels. */
  title?: string;
}

function BotRow({ bot, onLeave, leaving }: { bot: Bot; onLeave: () => void; leaving: boolean }) {
  const { t } = useTranslation('bots');
  const languageName = useLanguageName();
  const reason = reasonKey(bot);
  const detailsId = useId();
  return (
    <li className={classes.bot}>
      <div className={classes.details} id={detailsId}>
        <Group gap="xs" aria-live="polite">
          <Badge color={STATUS_COLORS[bot.status]} variant="dot">
            {t(statusKey(bot.status))}
          </Badge>
          <Text size="sm" fw={500}>
            {t(serviceKey(bot.serviceType))}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" className={classes.url} title={bot.url}>
          {bot.url}
        </Text>
        <Text size="xs" c="dimmed">
          {t(bot.displaySubtitles ? 'panel.captionsShown' : 'panel.captionsHidden', { language: languageName(bot.subtitleLanguage) })}
        </Text>
        {reason && (
          <Text size="sm" c={bot.status === 'failed' ? 'red' : 'dimmed'} role={bot.status === 'failed' ? 'alert' : undefined}>
            {t(reason)}
          </Text>
        )}
      </div>
      {isBotActive(bot.status) && (
        <Button size="xs" variant="light" color="red" leftSection={<IconDoorExit size={14} aria-hidden />} loading={leaving} onClick={onLeave} aria-describedby={detailsId}>
          {t('panel.leave')}
        </Button>
      )}
    </li>
  );
}

function AddBotForm({ organizationId, channel, onDone }: { organizationId: string; channel: SessionChannel; onDone: () => void }) {
  const { t } = useTranslation('bots');
  const apiErrors = useApiErrors();
  const create = useCreateBot(organizationId);
  const choices = subtitleLanguageChoices(channel.languages, channel.translations);
  const [url, setUrl] = useState('');
  const [chosen, setSubtitleLanguage] = useState<string | null>(null);
  const [displaySubtitles, setDisplaySubtitles] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const subtitleLanguage = choices.find((l) => l === chosen) ?? choices[0] ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    create.reset();
    if (meetingUrlState(url).kind !== 'valid' || !subtitleLanguage) return;
    create.mutate(
      { channelId: channel._id, url: url.trim(), subtitleLanguage, displaySubtitles },
      { onSuccess: onDone, onError: (error) => setServerErrors(apiErrors.fields(error)) },
    );
  };

  return (
    <form className={classes.form} onSubmit={submit} noValidate aria-label={t('panel.addTitle', { channel: channel.name })}>
      <Stack gap="sm">
        <MeetingUrlField
          value={url}
          onChange={(value) => {
            setUrl(value);
            setServerErrors(({ url: _gone, ...rest }) => rest);
          }}
          serverError={serverErrors.url}
          submitted={submitted}
          disabled={create.isPending}
        />
        <CaptionFields
          languages={choices}
          subtitleLanguage={subtitleLanguage}
          onSubtitleLanguage={(value) => {
            setSubtitleLanguage(value);
            setServerErrors(({ subtitleLanguage: _gone, ...rest }) => rest);
          }}
          displaySubtitles={displaySubtitles}
          onDisplaySubtitles={setDisplaySubtitles}
          serverErrors={serverErrors}
          disabled={create.isPending}
        />
        {create.isError && (
          <FormFailure
            error={create.error}
            placed={['url', 'subtitleLanguage', 'displaySubtitles']}
            message={Object.keys(serverErrors).length > 0 ? t('setup.failed') : undefined}
          />
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            {t('panel.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('panel.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function BotPanel({ organizationId, sessionId, channelId, title }: BotPanelProps) {
  const { t } = useTranslation('bots');
  const titleId = useId();
  const session = useSession(sessionId).data;
  const bots = useBots(organizationId, channelId);
  const remove = useRemoveBot(organizationId, channelId);
  useBotNotices(organizationId, channelId);
  const [adding, setAdding] = useState(false);
  const channel = session?.channels.find((c) => c._id === channelId);
  // Bots join started sessions only, sent by those who operate them.
  const canSend = Boolean(channel && session?.abilities.operate && (session.status === 'pending' || session.status === 'active'));

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} id={titleId}>
          {title ?? t('panel.title')}
        </Text>
        {canSend && !adding && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setAdding(true)}>
            {t('panel.add')}
          </Button>
        )}
      </Group>
      {bots.isPending ? (
        <Loader size="sm" aria-label={t('panel.loading')} />
      ) : bots.isError ? (
        <FormFailure error={bots.error} />
      ) : bots.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('panel.empty')}
        </Text>
      ) : (
        <ul className={classes.list}>
          {bots.data.map((bot) => (
            <BotRow key={bot._id} bot={bot} leaving={remove.isPending && remove.variables === bot._id} onLeave={() => remove.mutate(bot._id)} />
          ))}
        </ul>
      )}
      <FormFailure error={remove.error} />
      {adding && channel && <AddBotForm organizationId={organizationId} channel={channel} onDone={() => setAdding(false)} />}
    </Stack>
  );
}
