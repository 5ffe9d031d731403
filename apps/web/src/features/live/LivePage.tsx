/**
 * /interface/{organizationId}/sessions/{sessionId} (docs/PRODUCT.md, Screens and routes; public, responsive): a session's live
 * page. Its name and status, a channel and a language (spoken or a translation, labelled as machine
 * translation), the captions as they
 * come with the connection's state, a font size remembered in this browser, full-screen captions and
 * the session's watermark; before it starts, its planned time; once ended, its saved media for those
 * who may see it. Those who operate it also get its controls and the microphone. Signed-in members see
 * it through their organization, anyone else through its public view.
 */
import { ActionIcon, Alert, Anchor, Center, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import type { PublicSession, Session } from '@palabre/shared';
import { IconTextDecrease, IconTextIncrease } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isMissing } from '../../api/client.ts';
import { isAuthenticated } from '../../api/cookies.ts';
import { FormFailure } from '../../components/FormFailure.tsx';
import { paths } from '../../routes/paths.ts';
import { useFormatDateTime, useLanguageName } from '../sessions/format.ts';
import { SessionTimes } from '../sessions/SessionTimes.tsx';
import { StatusBadge } from '../sessions/StatusBadge.tsx';
import { useSessionUpdates } from '../sessions/useSessionUpdates.ts';
import { useLiveSession } from './api.ts';
import { linesIn } from './captions.ts';
import { CaptionsView } from './CaptionsView.tsx';
import { ConnectionBadge, ConnectionNotice } from './ConnectionNotice.tsx';
import { stepFontSize, storedFontSize, storeFontSize, FONT_SIZES, type FontSize } from './fontSize.ts';
import classes from './Live.module.css';
import { OperatorTools } from './OperatorTools.tsx';
import { useLiveRoom } from './useLiveRoom.ts';

/** The spoken language's value in the language selector. */
const SPOKEN = 'spoken';

/** Not found, or not visible to the viewer (the same answer on purpose); visitors have the header's sign-in. */
function NotFound() {
  const { t } = useTranslation('live');
  return (
    <Center mih="50vh">
      <Stack align="center" ta="center" gap="sm" maw={480}>
        <Title order={1} size="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{isAuthenticated() ? t('notFound.message') : t('notFound.visitor')}</Text>
      </Stack>
    </Center>
  );
}

function FontSizeControls({ size, onChange }: { size: FontSize; onChange: (size: FontSize) => void }) {
  const { t } = useTranslation('live');
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t('captions.fontSize', { size })}>
      <ActionIcon variant="default" size="lg" onClick={() => onChange(stepFontSize(size, -1))} disabled={size === FONT_SIZES[0]} aria-label={t('captions.smaller')}>
        <IconTextDecrease size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="default" size="lg" onClick={() => onChange(stepFontSize(size, 1))} disabled={size === FONT_SIZES.at(-1)} aria-label={t('captions.larger')}>
        <IconTextIncrease size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

function LiveView({ session, full }: { session: PublicSession; full: Session | null }) {
  const { t } = useTranslation('live');
  const formatDateTime = useFormatDateTime();
  const languageName = useLanguageName();
  const languageChoice = useLanguageName({ standalone: true });
  const [channelIndex, setChannelIndex] = useState(session.channels[0]?.index ?? 0);
  const [language, setLanguage] = useState(SPOKEN);
  const [fontSize, setFontSize] = useState<FontSize>(() => storedFontSize());
  const started = session.status === 'pending' || session.status === 'active';
  const room = useLiveRoom(session.organizationId, session._id, started);
  const channel = session.channels.find((c) => c.index === channelIndex) ?? session.channels[0];
  const translation = channel && channel.translations.includes(language) ? language : null;
  const finals = room.captions.finals.get(channel?.index ?? -1);
  const lines = useMemo(() => linesIn(finals ?? [], translation), [finals, translation]);
  const partial = translation ? null : (room.captions.partials.get(channel?.index ?? -1) ?? null);
  // Captions come from audio: the session is live even before a visitor's view (refreshed every little while) says so.
  const heard = room.captions.finals.size > 0 || room.captions.partials.size > 0;
  const status = session.status === 'pending' && heard ? 'active' : session.status;
  const operated = full?.abilities.operate ? full : null;
  const operatedChannel = operated?.channels.find((c) => c.index === channel?.index);

  const changeFontSize = (size: FontSize) => {
    setFontSize(size);
    storeFontSize(size);
  };
  const spokenLabel = channel ? t('language.spoken', { languages: channel.languages.map(languageName).join(', ') }) : t('language.spokenOnly');
  const fontControls = <FontSizeControls size={fontSize} onChange={changeFontSize} />;
  const empty = status === 'active' && channel?.streamStatus === 'active' ? t('captions.listening') : t('captions.waiting');

  return (
    <Stack gap="md" py="md">
      <Stack gap={4}>
        <Group gap="sm" wrap="wrap">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {session.name}
          </Title>
          <div aria-live="polite">
            <StatusBadge status={status} />
          </div>
          {started && <ConnectionBadge connection={room.connection} />}
        </Group>
        <SessionTimes session={session} />
      </Stack>

      {operated && operatedChannel && <OperatorTools session={operated} channel={operatedChannel} />}

      {session.status === 'scheduled' && (
        <Alert color="blue" title={t('notStarted.title')}>
          {session.scheduleOn ? t('notStarted.planned', { time: formatDateTime(session.scheduleOn) }) : t('notStarted.unplanned')}
        </Alert>
      )}
      {session.status === 'terminated' && (
        <Alert color="gray" title={t('ended.title')}>
          {full?.savedConversationId ? (
            <Anchor component={Link} to={paths.conversation(full.savedConversationId)}>
              {t('ended.savedMedia')}
            </Anchor>
          ) : (
            t('ended.message')
          )}
        </Alert>
      )}

      {started && (
        <>
          <div className={classes.toolbar}>
            <Select
              label={t('channel')}
              data={session.channels.map((c) => ({ value: String(c.index), label: c.name }))}
              value={String(channel?.index ?? '')}
              onChange={(value) => {
                if (value === null) return;
                setChannelIndex(Number(value));
                setLanguage(SPOKEN);
              }}
              allowDeselect={false}
              w={{ base: '100%', xs: 220 }}
            />
            <Select
              label={t('language.label')}
              data={[{ value: SPOKEN, label: spokenLabel }, ...(channel?.translations ?? []).map((code) => ({ value: code, label: languageChoice(code) }))]}
              value={translation ?? SPOKEN}
              onChange={(value) => value && setLanguage(value)}
              allowDeselect={false}
              w={{ base: '100%', xs: 220 }}
            />
          </div>
          <ConnectionNotice room={room} />
          <CaptionsView
            lines={lines}
            partial={partial}
            spokenLanguage={channel?.languages[0]}
            fontSize={fontSize}
            watermark={session.watermark}
            empty={empty}
            listKey={`${channel?.index ?? ''}:${translation ?? SPOKEN}`}
            controls={fontControls}
            translationNotice={translation ? t('captions.machineTranslation') : null}
          />
        </>
      )}
    </Stack>
  );
}

export function LivePage() {
  const { t } = useTranslation('live');
  const { organizationId, sessionId } = useParams();
  const query = useLiveSession(sessionId);
  // Members follow the session's changes live; others' view is refreshed every little while.
  useSessionUpdates(query.data?.full ? organizationId : null);
  const data = query.data;

  if (isMissing(query.error) || (data && data.session.organizationId !== organizationId)) return <NotFound />;
  if (!data) return query.isError ? <FormFailure error={query.error} /> : <Loader m="xl" aria-label={t('loading')} />;
  return <LiveView key={data.session._id} session={data.session} full={data.full} />;
}
