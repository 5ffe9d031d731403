/**
 * Whether the caller may create media in the current organization (its computed `upload` ability:
 * maintainers and above, or members when the organization allows member uploads), and the
 * no-rights message the create entries show instead of a form that would be refused.
 */
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';

export function useUploadAllowed(): boolean {
  const { current } = useOrganizationScope();
  // Without an organization the page has nothing to offer anyway; the guard sends people elsewhere.
  return current?.abilities.upload ?? true;
}

export function NoUploadRight() {
  const { t } = useTranslation('conversations');
  return (
    <Alert color="orange" icon={<IconLock size={18} />} title={t('noRights.title')} role="alert">
      {t('errors.noUploadRight')}
    </Alert>
  );
}
