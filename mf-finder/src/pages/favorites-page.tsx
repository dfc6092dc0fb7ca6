import { useTranslation } from 'react-i18next';
import { PageHeading } from './page-heading.tsx';

export default function FavoritesPage() {
  const { t } = useTranslation('finder');
  return <PageHeading title={t('favorites.title')} />;
}
