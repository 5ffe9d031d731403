/**
 * Session templates on the create page: apply a saved template to the form, save the form as a
 * template (a name, checked by the contract), delete a template (with confirmation).
 */
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { SESSION_LIMITS, type SessionTemplate } from '@palabre/shared';
import { IconDeviceFloppy, IconTemplate, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { FormFailure, useApiErrors } from '../../components/FormFailure.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useCreateTemplate, useRemoveTemplate, useTemplates } from './api.ts';
import { templateBody, validateTemplate, type SessionForm } from './form.ts';

interface TemplatesBarProps {
  organizationId: string;
  form: SessionForm;
  onApply: (template: SessionTemplate) => void;
  /** The form's own checks failed: its fields show why. */
  onInvalid: (errors: Record<string, string>) => void;
}

export function TemplatesBar({ organizationId, form, onApply, onInvalid }: TemplatesBarProps) {
  const { t } = useTranslation(['sessions', 'common']);
  const apiErrors = useApiErrors();
  const templates = useTemplates(organizationId);
  const create = useCreateTemplate(organizationId);
  const remove = useRemoveTemplate(organizationId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const template = templates.data?.find((item) => item._id === chosen);

  const save = () => {
    const errors = validateTemplate(form, name);
    if (errors.name) return setNameError(t(`common:${errors.name}`));
    const { name: _name, ...formErrors } = errors;
    if (Object.keys(formErrors).length > 0) {
      setSaving(false);
      return onInvalid(formErrors);
    }
    create.mutate(templateBody(form, name), {
      onSuccess: (saved) => {
        setSaving(false);
        setChosen(saved._id);
        notifySuccess(t('templates.saved', { name: saved.name }));
      },
      onError: (error) => setNameError(apiErrors.fields(error).name),
    });
  };

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('templates.label')}
        placeholder={t('templates.placeholder')}
        data={(templates.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
        value={chosen}
        onChange={setChosen}
        nothingFoundMessage={t('templates.none')}
        searchable
        w={260}
      />
      <Button variant="light" leftSection={<IconTemplate size={16} aria-hidden />} disabled={!template} onClick={() => template && onApply(template)}>
        {t('templates.apply')}
      </Button>
      <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} disabled={!template} onClick={() => setConfirming(true)}>
        {t('templates.delete')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconDeviceFloppy size={16} aria-hidden />}
        onClick={() => {
          setName('');
          setNameError(undefined);
          create.reset();
          setSaving(true);
        }}
      >
        {t('templates.save')}
      </Button>

      <Modal opened={saving} onClose={() => !create.isPending && setSaving(false)} title={t('templates.saveTitle')} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Stack>
            <TextInput
              label={t('templates.name')}
              required
              data-autofocus
              maxLength={SESSION_LIMITS.templateName}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={nameError}
            />
            <FormFailure error={create.error} placed={['name']} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setSaving(false)} disabled={create.isPending}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('templates.saveConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDelete
        opened={confirming}
        title={t('templates.deleteTitle')}
        message={t('templates.deleteMessage', { name: template?.name ?? '' })}
        pending={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          chosen &&
          remove.mutate(chosen, {
            onSuccess: () => {
              setConfirming(false);
              setChosen(null);
            },
          })
        }
      >
        <FormFailure error={remove.error} />
      </ConfirmDelete>
    </Group>
  );
}
