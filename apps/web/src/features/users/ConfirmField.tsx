/**
 * A text field with confirmation (spec §4 "Form field with confirmation"): while editing the value is
 * held locally; Enter or apply commits it (onConfirm), Escape or cancel restores it (onCancel).
 * Readonly shows the label and the value only. Stand-in until the shared FormField is used everywhere.
 */
import { ActionIcon, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmFieldProps {
  label: string;
  value: string;
  onConfirm: (value: string) => void;
  onCancel?: () => void;
  error?: string | null;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  textarea?: boolean;
  readonly?: boolean;
  disabled?: boolean;
}

export function ConfirmField(props: ConfirmFieldProps) {
  const { t } = useTranslation('common');
  const [draft, setDraft] = useState(props.value);
  useEffect(() => setDraft(props.value), [props.value]);
  const editing = draft !== props.value;

  if (props.readonly) {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={500}>{props.label}</Text>
        <Text size="sm" c={props.value ? undefined : 'dimmed'}>{props.value || '—'}</Text>
      </Stack>
    );
  }

  const apply = () => props.onConfirm(draft);
  const cancel = () => {
    setDraft(props.value);
    props.onCancel?.();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    } else if (event.key === 'Enter' && (!props.textarea || event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      apply();
    }
  };
  const actions = editing ? (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="filled" size="sm" aria-label={`${t('actions.apply')} — ${props.label}`} title={t('actions.apply')} onClick={apply}>
        <IconCheck size={14} />
      </ActionIcon>
      <ActionIcon variant="default" size="sm" aria-label={`${t('actions.cancel')} — ${props.label}`} title={t('actions.cancel')} onClick={cancel}>
        <IconX size={14} />
      </ActionIcon>
    </Group>
  ) : null;
  const common = {
    label: props.label,
    value: draft,
    error: props.error ?? undefined,
    placeholder: props.placeholder,
    disabled: props.disabled,
    onKeyDown,
  };
  if (props.textarea) {
    return (
      <Stack gap={4}>
        <Textarea {...common} autosize minRows={2} maxRows={6} onChange={(e) => setDraft(e.currentTarget.value)} />
        {actions && <Group justify="flex-end">{actions}</Group>}
      </Stack>
    );
  }
  return (
    <TextInput
      {...common}
      type={props.type ?? 'text'}
      autoComplete={props.autoComplete}
      rightSection={actions}
      rightSectionWidth={editing ? 64 : undefined}
      onChange={(e) => setDraft(e.currentTarget.value)}
    />
  );
}
