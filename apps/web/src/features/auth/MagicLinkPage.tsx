/** /magiclink-auth/:magicId: the guard validates the link; this only shows while it does. */
import { useTranslation } from 'react-i18next';
import { LoadingView } from '../../components/LoadingView.tsx';

export function MagicLinkPage() {
  const { t } = useTranslation('auth');
  return <LoadingView title={t('magicLink.validating')} fullScreen />;
}
