/**
 * The reusable form field (docs/PRODUCT.md, States): label, value, type (text by default; checkbox and radio
 * supported), autocomplete, placeholder, error shown under the input when not null, customParams
 * passed to the input, and the options withConfirmation, disabled, readonly, textarea, focus,
 * inputFullWidth.
 *
 * With confirmation, the value is held locally while editing: Enter or the apply button commits it
 * and emits onConfirm; Escape or the cancel button restores the previous value and emits onCancel.
 * Without confirmation every change is emitted immediately through onChange.
 * Readonly mode shows the label and the value only.
 */
import { ActionIcon, Checkbox, Group, PasswordInput, Radio, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormFieldOptions {
  withConfirmation?: boolean;
  disabled?: boolean;
  readonly?: boolean;
  textarea?: boolean;
  focus?: boolean;
  inputFullWidth?: boolean;
}

export type FormFieldType = 'text' | 'email' | 'password' | 'number' | 'url' | 'tel' | 'search' | 'checkbox' | 'radio';

export interface FormFieldProps<V extends string | boolean = string> {
  label: ReactNode;
  value: V;
  type?: FormFieldType;
  name?: string;
  autocomplete?: string;
  placeholder?: string;
  description?: ReactNode;
  /** An error key (e.g. error.required, translated) or a message; shown under the input when not null. */
  error?: string | null;
  required?: boolean;
  /** Extra props handed to the underlying Mantine input. */
  customParams?: Record<string, unknown>;
  options?: FormFieldOptions;
  /** Radio choices (type radio). */
  choices?: { value: string; label: ReactNode }[];
  /** Every change, when not in confirmation mode. */
  onChange?: (value: V) => void;
  /** Committed value, in confirmation mode (Enter or apply). */
  onConfirm?: (value: V) => void;
  /** Edit abandoned, in confirmation mode (Escape or cancel). */
  onCancel?: () => void;
}

/** Translates validation error keys (error.required…) from the common namespace; other strings are shown as given. */
export function useErrorText() {
  const { t } = useTranslation('common');
  return (error: string | null | undefined) => {
    if (!error) return null;
    return /^error\.[\w.]+$/.test(error) ? t(error, { defaultValue: t('error.invalid') }) : error;
  };
}

export function FormField<V extends string | boolean = string>(props: FormFieldProps<V>) {
  const { label, value, type = 'text', options = {}, customParams = {}, choices = [] } = props;
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const id = useId();
  const [draft, setDraft] = useState<V>(value);
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);

  // An outside change (e.g. the server answered) replaces the local draft.
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (options.focus) inputRef.current?.focus();
  }, [options.focus]);

  const confirming = Boolean(options.withConfirmation);
  const dirty = confirming && draft !== value;
  const error = errorText(props.error);

  const change = (next: V) => {
    if (confirming) setDraft(next);
    else props.onChange?.(next);
  };
  const confirm = () => {
    if (!dirty) return;
    props.onConfirm?.(draft);
  };
  const cancel = () => {
    setDraft(value);
    props.onCancel?.();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!confirming) return;
    if (event.key === 'Enter' && !(options.textarea && event.shiftKey)) {
      event.preventDefault();
      confirm();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  if (options.readonly) {
    const shown = typeof value === 'boolean' ? t(value ? 'field.yes' : 'field.no') : type === 'password' ? '••••••' : value || '—';
    return (
      <Stack gap={2}>
        <Text size="sm" fw={500} id={`${id}-label`}>
          {label}
        </Text>
        <Text size="sm" aria-labelledby={`${id}-label`} style={{ whiteSpace: options.textarea ? 'pre-wrap' : undefined }}>
          {shown}
        </Text>
      </Stack>
    );
  }

  const current = confirming ? draft : value;
  const common = {
    label,
    name: props.name,
    description: props.description,
    error,
    required: props.required,
    disabled: options.disabled,
    ...customParams,
  };

  if (type === 'checkbox') {
    return (
      <Checkbox
        {...common}
        ref={inputRef}
        checked={Boolean(current)}
        onChange={(event) => {
          // A checkbox has nothing to edit before committing: it confirms at once.
          const next = event.currentTarget.checked as V;
          if (confirming) props.onConfirm?.(next);
          else props.onChange?.(next);
        }}
      />
    );
  }

  if (type === 'radio') {
    return (
      <Radio.Group
        {...common}
        value={String(current)}
        onChange={(next) => {
          if (confirming) props.onConfirm?.(next as V);
          else props.onChange?.(next as V);
        }}
      >
        <Group mt="xs">
          {choices.map((choice) => (
            <Radio key={choice.value} value={choice.value} label={choice.label} disabled={options.disabled} />
          ))}
        </Group>
      </Radio.Group>
    );
  }

  const inputProps = {
    ...common,
    ref: inputRef,
    value: String(current ?? ''),
    placeholder: props.placeholder,
    autoComplete: props.autocomplete,
    onKeyDown,
    onChange: (event: { currentTarget: { value: string } }) => change(event.currentTarget.value as V),
    style: { flex: options.inputFullWidth ? 1 : undefined, width: options.inputFullWidth ? '100%' : undefined },
  };

  const input = options.textarea ? (
    <Textarea autosize minRows={2} {...inputProps} />
  ) : type === 'password' ? (
    <PasswordInput {...inputProps} />
  ) : (
    <TextInput type={type} {...inputProps} />
  );

  if (!confirming) return input;

  const fieldName = typeof label === 'string' ? label : '';
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" w={options.inputFullWidth ? '100%' : undefined}>
      {input}
      {dirty && (
        <Group gap={4} wrap="nowrap" mb={error ? 22 : 4}>
          <Tooltip label={t('actions.apply')}>
            <ActionIcon variant="filled" onClick={confirm} aria-label={fieldName ? t('field.applyNamed', { field: fieldName }) : t('actions.apply')}>
              <IconCheck size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('actions.cancel')}>
            <ActionIcon variant="default" onClick={cancel} aria-label={fieldName ? t('field.cancelNamed', { field: fieldName }) : t('actions.cancel')}>
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Group>
  );
}
