/**
 * The API keys of an organization (its settings) or of the platform (the backoffice): the table
 * (name, prefix, role, creator, expiry, last use, state), creating a key, renewing and revoking one
 * after a confirmation. A secret is shown once, right after it is made (SecretModal).
 */
import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconKey, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { ApiKey, ApiKeyWithSecret } from '@palabre/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { useFormatDate } from '../../components/format.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import classes from './ApiKeys.module.css';
import { useApiKeys, useRenewApiKey, useRevokeApiKey, type KeyOwner } from './apiKeysApi.ts';
import { CreateApiKeyModal } from './CreateApiKeyModal.tsx';
import { expiryDate } from './expiry.ts';
import { RenewApiKeyModal } from './RenewApiKeyModal.tsx';
import { SecretModal } from './SecretModal.tsx';

const STATE_COLOR: Record<ApiKey['state'], string> = { active: 'green', expired: 'gray', revoked: 'red' };

export function ApiKeysPanel({ owner }: { owner: KeyOwner }) {
  const { t } = useTranslation(['apiKeys', 'common']);
  const formatDate = useFormatDate();
  const keys = useApiKeys(owner);
  const renew = useRenewApiKey(owner);
  const revoke = useRevokeApiKey(owner);
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<ApiKeyWithSecret | null>(null);
  const [renewing, setRenewing] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const titleId = owner === null ? 'platform-api-keys-title' : 'organization-api-keys-title';

  const confirmRenew = (expiry: string) => {
    if (!renewing) return;
    renew.mutate(
      { id: renewing._id, expiresAt: expiryDate(expiry) },
      {
        onSuccess: (key) => {
          setRenewing(null);
          setRevealed(key);
        },
        onError: (error) => notifyError(error, t('apiKeys:renew.error')),
      },
    );
  };
  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking._id, {
      onSuccess: () => {
        notifySuccess(t('apiKeys:revoke.done', { name: revoking.name }));
        setRevoking(null);
      },
      onError: (error) => notifyError(error, t('apiKeys:revoke.error')),
    });
  };

  const rows = (keys.data?.list ?? []).map((key) => (
    <Table.Tr key={key._id}>
      <Table.Th scope="row">{key.name}</Table.Th>
      <Table.Td className={classes.prefix}>{key.prefix}…</Table.Td>
      <Table.Td>{t(`apiKeys:roles.${key.role}`)}</Table.Td>
      <Table.Td>{key.createdBy?.name ?? ''}</Table.Td>
      <Table.Td>{key.expiresAt ? formatDate(key.expiresAt) : t('apiKeys:expiry.never')}</Table.Td>
      <Table.Td>{key.lastUsedAt ? formatDate(key.lastUsedAt) : t('apiKeys:table.neverUsed')}</Table.Td>
      <Table.Td>
        <Badge color={STATE_COLOR[key.state]} variant="light" className={classes.state}>
          {t(`apiKeys:states.${key.state}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        {key.state !== 'revoked' && (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('apiKeys:renew.action', { name: key.name })}>
              <ActionIcon variant="subtle" onClick={() => setRenewing(key)} aria-label={t('apiKeys:renew.action', { name: key.name })}>
                <IconRefresh size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('apiKeys:revoke.action', { name: key.name })}>
              <ActionIcon variant="subtle" color="red" onClick={() => setRevoking(key)} aria-label={t('apiKeys:revoke.action', { name: key.name })}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId}>
      <Stack>
        <Group justify="space-between">
          <Title order={3} id={titleId}>
            {t('apiKeys:title')}
          </Title>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('apiKeys:create.open')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {owner === null ? t('apiKeys:intro.platform') : t('apiKeys:intro.organization')}
        </Text>
        {keys.isPending ? (
          <CenteredLoader />
        ) : keys.isError ? (
          <Alert color="red" title={t('apiKeys:loadError')}>
            {keys.error.message}
          </Alert>
        ) : rows.length === 0 ? (
          <Group gap="xs" c="dimmed">
            <IconKey size={16} aria-hidden />
            <Text size="sm">{t('apiKeys:empty')}</Text>
          </Group>
        ) : (
          <div className={classes.tableWrap}>
            <Table striped highlightOnHover aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('apiKeys:fields.name')}</Table.Th>
                  <Table.Th>{t('apiKeys:table.prefix')}</Table.Th>
                  <Table.Th>{t('apiKeys:fields.role')}</Table.Th>
                  <Table.Th>{t('apiKeys:table.createdBy')}</Table.Th>
                  <Table.Th>{t('apiKeys:table.expires')}</Table.Th>
                  <Table.Th>{t('apiKeys:table.lastUsed')}</Table.Th>
                  <Table.Th>{t('apiKeys:table.state')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('apiKeys:table.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{rows}</Table.Tbody>
            </Table>
          </div>
        )}
      </Stack>
      <CreateApiKeyModal
        owner={owner}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setRevealed(key);
        }}
      />
      <SecretModal apiKey={revealed} onClose={() => setRevealed(null)} />
      <RenewApiKeyModal key={renewing?._id ?? 'none'} apiKey={renewing} pending={renew.isPending} onClose={() => setRenewing(null)} onConfirm={confirmRenew} />
      <ConfirmDelete
        opened={revoking !== null}
        title={t('apiKeys:revoke.title', { name: revoking?.name ?? '' })}
        message={t('apiKeys:revoke.warning')}
        confirmLabel={t('apiKeys:revoke.confirm')}
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}
