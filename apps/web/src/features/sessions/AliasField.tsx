/** The session's alias on the settings page: checked by the contract, unique (a 409 shown on the field). */
import { Button, Group, TextInput } from '@mantine/core';
import { SESSION_LIMITS, zAliasName, type Session } from '@palabre/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../components/notify.ts';
import { useSetAlias } from './api.ts';
import { useSessionFormErrors } from './useSessionFormErrors.ts';

export function AliasField({ session }: { session: Session }) {
  const { t } = useTranslation('sessions');
  const [alias, setAlias] = useState(session.alias ?? '');
  const save = useSetAlias(session);
  const errors = useSessionFormErrors();
  const submit = () => {
    const parsed = zAliasName.safeParse(alias);
    if (!errors.check(parsed.success ? {} : { name: parsed.error.issues[0]?.message ?? 'error.invalid' })) return;
    save.mutate(parsed.data!, {
      onSuccess: (saved) => notifySuccess(t('settings.aliasSaved', { name: saved.name })),
      onError: (error) => errors.failed(error, 'name'),
    });
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('form.alias')}
          description={t('form.aliasHelp')}
          maxLength={SESSION_LIMITS.aliasName}
          value={alias}
          onChange={(e) => setAlias(e.currentTarget.value)}
          error={errors.errors.name}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button type="submit" variant="light" loading={save.isPending} disabled={alias.trim() === (session.alias ?? '')}>
          {t('settings.saveAlias')}
        </Button>
      </Group>
    </form>
  );
}
