/** Screens that later features fill: their translated title and an honest "not available yet" state. */
import { useTranslation } from 'react-i18next';
import { NotAvailableYet } from '../components/NotAvailableYet.tsx';

export type PlaceholderScreen = 'favorites' | 'shared' | 'quickSession' | 'tagsSettings';

export function ScreenPlaceholder({ screen }: { screen: PlaceholderScreen }) {
  const { t } = useTranslation('layout');
  return <NotAvailableYet title={t(`screens.${screen}`)} />;
}
