/**
 * A text field with confirmation (docs/PRODUCT.md, States): a thin adapter over the shared FormField so the settings
 * screens keep one small call shape. Enter/apply commits (onConfirm), Escape/cancel restores (onCancel).
 */
import { FormField, type FormFieldType } from '../../components/FormField.tsx';

export interface ConfirmFieldProps {
  label: string;
  value: string;
  onConfirm: (value: string) => void;
  onCancel?: () => void;
  /** Already translated message. */
  error?: string | null;
  type?: FormFieldType;
  autoComplete?: string;
  placeholder?: string;
  textarea?: boolean;
  readonly?: boolean;
  disabled?: boolean;
}

export function ConfirmField(props: ConfirmFieldProps) {
  return (
    <FormField
      label={props.label}
      value={props.value}
      type={props.type ?? 'text'}
      autocomplete={props.autoComplete}
      placeholder={props.placeholder}
      error={props.error ?? null}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
      options={{ withConfirmation: true, readonly: props.readonly, disabled: props.disabled, textarea: props.textarea, inputFullWidth: true }}
    />
  );
}
