/**
 * /interface/{organizationId}/quick-session (docs/PRODUCT.md, Screens and routes; States; public, responsive): a quick meeting from
 * creation (or the videoconference setup with `?source=videoconference`) through the microphone's
 * check to live captions, and its ending; a meeting in progress (`?recover=true` from the navigation
 * guard, or found on opening) is restored. Visitors are asked to sign in and come back here.
 */
import { Button, Container, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import type { QuickMeetingSource } from '@palabre/shared';
import { IconLogin } from '@tabler/icons-react';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { isAuthenticated } from '../../api/cookies.ts';
import { paths } from '../../routes/paths.ts';
import { VideoconferenceSetup } from '../bots/VideoconferenceSetup.tsx';
import { useMicrophone } from '../live/useMicrophone.ts';
import { useCurrentQuickMeeting } from './api.ts';
import { CreationStep } from './CreationStep.tsx';
import { EndedStep } from './EndedStep.tsx';
import { LiveStep } from './LiveStep.tsx';
import { MicrophoneStep } from './MicrophoneStep.tsx';
import classes from './QuickMeeting.module.css';
import { RestoreStep } from './RestoreStep.tsx';
import { LOADING, nextStep, type QuickEvent, type QuickStep } from './steps.ts';

/** The progress shown above the steps of a new meeting (none while restoring or once ended). */
const PROGRESS: Partial<Record<QuickStep['step'], number>> = { creation: 0, videoconference: 0, microphone: 1, live: 2 };

function SignInFirst() {
  const { t } = useTranslation('quickMeeting');
  const location = useLocation();
  return (
    <Stack gap="md" align="flex-start">
      <Text>{t('signIn.message')}</Text>
      <Button component={Link} to={`${paths.login}?${new URLSearchParams({ next: location.pathname + location.search })}`} leftSection={<IconLogin size={16} aria-hidden />}>
        {t('signIn.action')}
      </Button>
    </Stack>
  );
}

function QuickMeetingFlow({ organizationId, source }: { organizationId: string; source: QuickMeetingSource }) {
  const { t } = useTranslation('quickMeeting');
  const [state, setState] = useReducer((current: QuickStep, event: QuickEvent) => nextStep(current, event, source), LOADING);
  const current = useCurrentQuickMeeting(organizationId, true);
  const microphone = useMicrophone();
  const { stop } = microphone;

  // A meeting started on the create page comes with its id: it goes on rather than being restored.
  const startedId = (useLocation().state as { startedMeetingId?: string } | null)?.startedMeetingId;
  useEffect(() => {
    if (current.isSuccess) setState({ type: 'found', meeting: current.data, started: Boolean(startedId) && current.data?._id === startedId });
  }, [current.isSuccess, current.data, startedId]);

  // The microphone is on only for the microphone and live steps.
  const micStep = state.step === 'microphone' || state.step === 'live';
  useEffect(() => {
    if (!micStep) stop();
  }, [micStep, stop]);

  const ended = (result: { discarded: boolean; savedConversationId: string | null }) => setState({ type: 'ended', ...result });
  const progress = PROGRESS[state.step];

  return (
    <Stack gap="lg">
      {progress !== undefined && (
        <Stepper active={progress} size="sm" allowNextStepsSelect={false} aria-label={t('steps.label')} classNames={{ step: classes.step, stepBody: classes.stepBody }}>
          <Stepper.Step label={t('steps.setup')} />
          <Stepper.Step label={t('steps.microphone')} />
          <Stepper.Step label={t('steps.live')} />
        </Stepper>
      )}
      {state.step === 'loading' && <Loader aria-label={t('loading')} />}
      {state.step === 'creation' && (
        <CreationStep
          organizationId={organizationId}
          onCreated={(meeting) => setState({ type: 'created', meeting })}
          onInProgress={(meeting) => setState({ type: 'inProgress', meeting })}
        />
      )}
      {state.step === 'videoconference' && <VideoconferenceSetup organizationId={organizationId} onStarted={(meeting) => setState({ type: 'created', meeting })} />}
      {state.step === 'restore' && <RestoreStep meeting={state.meeting} onContinue={() => setState({ type: 'continue' })} onEnded={ended} />}
      {state.step === 'microphone' && <MicrophoneStep meeting={state.meeting} microphone={microphone} onReady={() => setState({ type: 'microphoneReady' })} onEnded={ended} />}
      {state.step === 'live' && <LiveStep meeting={state.meeting} microphone={microphone} onEnded={ended} />}
      {state.step === 'ended' && <EndedStep discarded={state.discarded} savedConversationId={state.savedConversationId} onAgain={() => setState({ type: 'again' })} />}
    </Stack>
  );
}

export function QuickSessionPage() {
  const { t } = useTranslation('quickMeeting');
  const { organizationId } = useParams();
  const [params] = useSearchParams();
  const source: QuickMeetingSource = params.get('source') === 'videoconference' ? 'videoconference' : 'microphone';
  return (
    <Container size="sm" py="lg" className={classes.page}>
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        {!isAuthenticated() ? <SignInFirst /> : organizationId && <QuickMeetingFlow key={`${organizationId}:${source}`} organizationId={organizationId} source={source} />}
      </Stack>
    </Container>
  );
}
