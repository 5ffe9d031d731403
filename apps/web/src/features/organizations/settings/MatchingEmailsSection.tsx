/**
 * Automatic invitation by email matching: verified users whose address ends with one of these
 * domains can be invited as members (PATCH {matchingEmails}). "Invite now" first asks the server
 * how many accounts that would be (GET …/inviteMatchingMail) and asks for confirmation before
 * sending the invitations (POST …/inviteMatchingMail).
 */
import { Button, Group, Modal, Paper, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { Organization } from '@palabre/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../components/errorText.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { countMatchingUsers, inviteMatchingUsers, usePatchOrganization, useStoreOrganization, type OrganizationScope } from './organizationApi.ts';

const DOMAIN = /^@?[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const normalise = (domain: string) => domain.trim().toLowerCase().replace(/^@/, '');

interface Props {
  org: Organization;
  scope: OrganizationScope;
  editable: boolean;
  /** Whether the caller may run the invitation now (organization managers). */
  canInvite: boolean;
}

export function MatchingEmailsSection({ org, scope, editable, canInvite }: Props) {
  const { t } = useTranslation(['organizations', 'common', 'settings']);
  const patch = usePatchOrganization(scope, org._id);
  const store = useStoreOrganization(scope);
  const [domains, setDomains] = useState(org.matchingEmails);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDomains(org.matchingEmails), [org.matchingEmails]);
  const dirty = domains.join(',') !== org.matchingEmails.join(',');

  /** How many accounts the confirmation announces; null while it is closed. */
  const [toInvite, setToInvite] = useState<number | null>(null);
  const count = useMutation({
    mutationFn: () => countMatchingUsers(org._id),
    onSuccess: (answer) => setToInvite(answer.count),
    onError: (err) => notifyError(err, t('organizations:matching.countError')),
  });
  const inviteNow = useMutation({
    mutationFn: () => inviteMatchingUsers(org._id),
    onSuccess: ({ invited, organization }) => {
      store(organization);
      setToInvite(null);
      notifySuccess(t('organizations:matching.invited', { count: invited }));
    },
    onError: (err) => notifyError(err, t('organizations:matching.inviteError')),
  });

  const change = (values: string[]) => {
    const cleaned = [...new Set(values.map(normalise).filter(Boolean))];
    const invalid = cleaned.find((d) => !DOMAIN.test(d));
    setError(invalid ? t('organizations:matching.invalid', { domain: invalid }) : null);
    setDomains(cleaned.filter((d) => DOMAIN.test(d)));
  };
  const save = () =>
    patch.mutate(
      { matchingEmails: domains },
      {
        onSuccess: () => notifySuccess(t('organizations:saved')),
        onError: (err) => {
          const first = Object.values(fieldErrors(t, err))[0];
          if (first) setError(first);
          else notifyError(err, t('organizations:errors.update'));
        },
      },
    );

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="org-matching-title">
      <Stack>
        <div>
          <Title order={2} size="h3" id="org-matching-title">
            {t('organizations:matching.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('organizations:matching.explanation')}
          </Text>
        </div>
        {editable ? (
          <TagsInput
            label={t('organizations:matching.domains')}
            placeholder={t('organizations:matching.placeholder')}
            description={t('organizations:matching.help')}
            value={domains}
            onChange={change}
            error={error ?? undefined}
            splitChars={[',', ' ', ';']}
            clearable
            maxTags={20}
          />
        ) : (
          <Text size="sm">{org.matchingEmails.length ? org.matchingEmails.map((d) => `@${d}`).join(', ') : t('organizations:matching.none')}</Text>
        )}
        <Group justify="space-between">
          {canInvite ? (
            <Button variant="light" onClick={() => count.mutate()} loading={count.isPending} disabled={org.matchingEmails.length === 0 || dirty}>
              {t('organizations:matching.inviteNow')}
            </Button>
          ) : (
            <span />
          )}
          {editable && (
            <Group gap="xs">
              {dirty && (
                <Button
                  variant="subtle"
                  onClick={() => {
                    setDomains(org.matchingEmails);
                    setError(null);
                  }}
                >
                  {t('common:actions.cancel')}
                </Button>
              )}
              <Button onClick={save} disabled={!dirty} loading={patch.isPending}>
                {t('organizations:matching.save')}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
      <Modal opened={toInvite !== null} onClose={() => setToInvite(null)} title={t('organizations:matching.confirmTitle')} centered>
        <Stack>
          <Text>{toInvite ? t('organizations:matching.confirm', { count: toInvite }) : t('organizations:matching.confirmNone')}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setToInvite(null)}>
              {t('common:actions.cancel')}
            </Button>
            {Boolean(toInvite) && (
              <Button onClick={() => inviteNow.mutate()} loading={inviteNow.isPending}>
                {t('organizations:matching.confirmSubmit', { count: toInvite ?? 0 })}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
