/** Sign-up step 1: personal data and an optional picture, checked with the shared rules (docs/PRODUCT.md, Validation). */
import { Avatar, Button, FileInput, Group, SimpleGrid, Stack } from '@mantine/core';
import { email as emailRule, password as passwordRule, passwordConfirmation, requiredText, TEXT_LIMITS } from '@palabre/shared';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { FormFailure, useApiErrors } from '../../components/FormFailure.tsx';
import { FormField } from '../../components/FormField.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { createAccount, loginWithPassword } from './api.ts';

const PICTURE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

type Field = 'firstname' | 'lastname' | 'email' | 'password' | 'confirmation' | 'picture';
type Errors = Partial<Record<Field, string | null>>;

export function PersonalDataStep({ initialEmail, invitation, onDone }: { initialEmail: string; invitation?: string | null; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const apiErrors = useApiErrors();
  const [values, setValues] = useState({ firstname: '', lastname: '', email: initialEmail, password: '', confirmation: '' });
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!picture) return setPreview(null);
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = {
      firstname: requiredText(values.firstname, { max: TEXT_LIMITS.personName }),
      lastname: requiredText(values.lastname, { max: TEXT_LIMITS.personName }),
      email: emailRule(values.email),
      password: passwordRule(values.password),
      confirmation: passwordConfirmation(values.confirmation, values.password),
    };
    const next: Errors = Object.fromEntries(Object.entries(checked).map(([k, r]) => [k, r.error]));
    if (picture && picture.size > MAX_PICTURE_BYTES) next.picture = t('signup.pictureTooBig');
    setErrors(next);
    setFailure(null);
    if (Object.values(next).some(Boolean)) return;

    const form = new FormData();
    form.set('firstname', checked.firstname.value);
    form.set('lastname', checked.lastname.value);
    form.set('email', checked.email.value);
    form.set('password', checked.password.value);
    // The account keeps the language it was created in: its mails are written in it.
    form.set('locale', currentLocale());
    // From an invitation link: with the invited address, the account starts verified.
    if (invitation) form.set('invitation', invitation);
    if (picture) form.set('picture', picture);
    setSending(true);
    try {
      await createAccount(form);
      await loginWithPassword(checked.email.value, checked.password.value);
      onDone();
    } catch (error) {
      setSending(false);
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields as Errors);
        if (error.code !== 'email_exists') setFailure(t('common:error.check_form'));
      } else if (error instanceof ApiError && error.code === 'email_exists') {
        setErrors({ email: 'error.email_exists' });
      } else {
        setFailure(error instanceof ApiError ? apiErrors.message(error) : t('signup.failed'));
      }
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <FormFailure message={failure} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <FormField
            label={t('fields.firstname')}
            name="firstname"
            autocomplete="given-name"
            value={values.firstname}
            onChange={set('firstname')}
            error={errors.firstname}
            options={{ focus: true }}
          />
          <FormField label={t('fields.lastname')} name="lastname" autocomplete="family-name" value={values.lastname} onChange={set('lastname')} error={errors.lastname} />
        </SimpleGrid>
        <FormField label={t('fields.email')} type="email" name="email" autocomplete="email" value={values.email} onChange={set('email')} error={errors.email} />
        <FormField
          label={t('fields.password')}
          type="password"
          name="password"
          autocomplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          description={t('signup.passwordHint')}
        />
        <FormField
          label={t('fields.passwordConfirmation')}
          type="password"
          name="passwordConfirmation"
          autocomplete="new-password"
          value={values.confirmation}
          onChange={set('confirmation')}
          error={errors.confirmation}
        />
        <Group align="flex-end" wrap="nowrap">
          <Avatar src={preview} alt={preview ? t('signup.picturePreview') : ''} size={56} radius="xl">
            <IconPhoto size={24} aria-hidden />
          </Avatar>
          <FileInput
            style={{ flex: 1 }}
            label={t('fields.picture')}
            description={t('signup.pictureHint')}
            placeholder={t('signup.choosePicture')}
            accept={PICTURE_TYPES}
            value={picture}
            onChange={setPicture}
            clearable
            error={errors.picture}
          />
        </Group>
        <Button type="submit" loading={sending} mt="xs">
          {t('signup.submitStep1')}
        </Button>
      </Stack>
    </form>
  );
}
