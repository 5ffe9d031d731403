/**
 * /create-account in two steps: personal data with picture (the account is created and signed in),
 * then naming the first organization. A user who already belongs to one (invitation, automatic
 * join by email) may skip the second step. From an invitation link (`?invitation=`), the second step
 * is the invitation itself, to accept or decline: the link proved the invited address.
 */
import { Alert, Anchor, Button, Stack, Stepper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePublicConfig } from '../../api/queries.ts';
import { paths } from '../../routes/paths.ts';
import { OrganizationNameForm } from '../organizations/OrganizationNameForm.tsx';
import { PendingInvitations } from '../organizations/PendingInvitations.tsx';
import { countMyOrganizations } from './api.ts';
import { AuthNotice } from './AuthNotice.tsx';
import { PersonalDataStep } from './PersonalDataStep.tsx';

function FirstOrganizationStep({ memberOf }: { memberOf: number }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const goToExplore = () => void navigate(paths.explore, { replace: true });
  return (
    <Stack gap="sm">
      <Text c="dimmed">{t('signup.organizationIntro')}</Text>
      {memberOf > 0 && (
        <Alert color="blue" role="status">
          {t('signup.alreadyMember', { count: memberOf })}
        </Alert>
      )}
      <OrganizationNameForm onCreated={goToExplore} submitLabel={t('signup.createOrganization')} />
      {memberOf > 0 && (
        <Button variant="subtle" onClick={goToExplore}>
          {t('common:actions.skip')}
        </Button>
      )}
    </Stack>
  );
}

function InvitationStep() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Stack gap="sm">
      <Text c="dimmed">{t('signup.invitationIntro')}</Text>
      {/* Accepting reloads inside the organization just joined. */}
      <PendingInvitations onAccepted={() => location.assign('/')} titleOrder={3} />
      <Button variant="subtle" onClick={() => void navigate(paths.explore, { replace: true })}>
        {t('signup.continue')}
      </Button>
    </Stack>
  );
}

export function CreateAccountPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const config = usePublicConfig();
  const [step, setStep] = useState(0);
  const [memberOf, setMemberOf] = useState(0);
  const invitation = params.get('invitation');

  const accountCreated = async () => {
    setMemberOf(await countMyOrganizations());
    setStep(1);
  };

  if (config.data?.userCreationDisabled) {
    return (
      <AuthNotice title={t('signup.title')} color="yellow" role="status">
        {t('signup.disabled')}
      </AuthNotice>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('signup.title')}
      </Title>
      <Stepper active={step} size="xs" iconSize={28} allowNextStepsSelect={false} aria-label={t('signup.steps')}>
        <Stepper.Step label={t('signup.step1')}>
          <PersonalDataStep initialEmail={params.get('email') ?? ''} invitation={invitation} onDone={() => void accountCreated()} />
        </Stepper.Step>
        <Stepper.Step label={invitation ? t('signup.step2Invitation') : t('signup.step2')}>
          {invitation ? <InvitationStep /> : <FirstOrganizationStep memberOf={memberOf} />}
        </Stepper.Step>
      </Stepper>
      {step === 0 && (
        <Text size="sm" ta="center">
          {t('signup.haveAccount')}{' '}
          <Anchor component={Link} to={paths.login}>
            {t('signup.signIn')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
