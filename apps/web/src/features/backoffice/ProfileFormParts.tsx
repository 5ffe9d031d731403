/**
 * What the transcriber profile and AI profile screens share: the scope select (global or one
 * organization, set once), the stored key field (written, never shown, with its removal), the
 * availability alert and the name cell of their tables. Each screen passes its own words.
 */
import { Alert, Anchor, Badge, Checkbox, Group, PasswordInput, Select, Text, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useScopeOrganizations } from './transcriberProfilesApi.ts';

/** The scope select's value for a profile of every organization. */
export const GLOBAL_SCOPE = 'global';

export const scopeOf = (organizationId: string | null | undefined) => organizationId ?? GLOBAL_SCOPE;
export const organizationOfScope = (scope: string) => (scope === GLOBAL_SCOPE ? null : scope);

interface ScopeSelectProps {
  scope: string;
  onChange: (scope: string) => void;
  /** Set once: an edited profile keeps its scope. */
  editing: boolean;
  labels: { scope: string; global: string; fixed: string; help: string; nothingFound: string };
  error?: string | undefined;
}

export function ProfileScopeSelect({ scope, onChange, editing, labels, error }: ScopeSelectProps) {
  const organizations = useScopeOrganizations();
  const options = [{ value: GLOBAL_SCOPE, label: labels.global }, ...(organizations.data ?? []).map((org) => ({ value: org._id, label: org.name }))];
  // An organization beyond the first page of the list still shows as the current scope.
  if (scope !== GLOBAL_SCOPE && !options.some((o) => o.value === scope)) options.push({ value: scope, label: scope });
  return (
    <Select
      label={labels.scope}
      description={editing ? labels.fixed : labels.help}
      data={options}
      value={scope}
      onChange={(value) => value && onChange(value)}
      allowDeselect={false}
      searchable
      disabled={editing}
      error={error}
      nothingFoundMessage={labels.nothingFound}
    />
  );
}

interface StoredKeyInputProps extends Omit<PasswordInputProps, 'label' | 'placeholder' | 'description'> {
  /** A key is stored: the field is empty and keeps it unless typed into, or removed. */
  stored: boolean;
  remove: boolean;
  onRemoveChange: (remove: boolean) => void;
  labels: { key: string; stored: string; keep: string; remove: string; help?: string | undefined };
}

/** The key field: empty keeps the stored key on edition, the checkbox removes it. */
export function StoredKeyInput({ stored, remove, onRemoveChange, labels, ...input }: StoredKeyInputProps) {
  return (
    <>
      <PasswordInput
        label={labels.key}
        placeholder={stored ? labels.stored : undefined}
        description={stored ? labels.keep : labels.help}
        autoComplete="new-password"
        disabled={remove}
        {...input}
      />
      {stored && <Checkbox label={labels.remove} checked={remove} onChange={(event) => onRemoveChange(event.currentTarget.checked)} />}
    </>
  );
}

/** The key to send: undefined keeps the stored one, "" removes it. */
export const keyToSend = (typed: string, remove: boolean) => (remove ? '' : typed || undefined);

/** Why a saved profile cannot be used now (none when it can). */
export function UnavailableAlert({ availability }: { availability: { ok: boolean; reason?: string | undefined } | undefined }) {
  const { t } = useTranslation('common');
  if (!availability || availability.ok) return null;
  return (
    <Alert color="orange" variant="light" title={t('availability.unavailable')}>
      {availability.reason}
    </Alert>
  );
}

/** A profile's name in a table: a link to its page when it has one, the default badge, its description. */
export function ProfileNameCell({ name, isDefault, defaultLabel, description, to }: { name: string; isDefault: boolean; defaultLabel: string; description?: string; to?: string }) {
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {to ? (
          <Anchor component={Link} to={to} size="sm">
            {name}
          </Anchor>
        ) : (
          <Text size="sm" fw={500}>
            {name}
          </Text>
        )}
        {isDefault && (
          <Badge size="sm" variant="light">
            {defaultLabel}
          </Badge>
        )}
      </Group>
      {description && (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      )}
    </>
  );
}
