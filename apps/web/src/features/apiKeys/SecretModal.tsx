/** A key's secret, right after it was created or renewed: shown this once, with a copy button. */
import type { ApiKeyWithSecret } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { SecretRevealModal } from '../../components/SecretRevealModal.tsx';

export function SecretModal({ apiKey, onClose }: { apiKey: ApiKeyWithSecret | null; onClose: () => void }) {
  const { t } = useTranslation('apiKeys');
  const labels = {
    title: t('secret.title', { name: apiKey?.name ?? '' }),
    onceTitle: t('secret.onceTitle'),
    once: t('secret.once'),
    field: t('secret.label'),
    copy: t('secret.copy'),
    copied: t('secret.copied'),
    usage: t('secret.usage'),
    done: t('secret.done'),
  };
  return <SecretRevealModal secret={apiKey?.secret ?? null} labels={labels} onClose={onClose} testId="api-key-secret" />;
}
