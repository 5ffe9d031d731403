/** A webhook's signing secret, shown once (after creation or rotation), with a copy button. */
import { useTranslation } from 'react-i18next';
import { SecretRevealModal } from '../../components/SecretRevealModal.tsx';

export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation(['webhooks', 'common']);
  const labels = {
    title: t('webhooks:secret.title'),
    once: t('webhooks:secret.once'),
    field: t('webhooks:secret.label'),
    copy: t('webhooks:secret.copy'),
    copied: t('webhooks:secret.copied'),
    usage: t('webhooks:secret.verify'),
    done: t('common:actions.close'),
  };
  return <SecretRevealModal secret={secret} labels={labels} onClose={onClose} testId="webhook-secret" />;
}
