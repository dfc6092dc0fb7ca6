import { useTranslation } from 'react-i18next';
import { PageHeading } from './page-heading.tsx';

export default function GalleryPage() {
  const { t } = useTranslation('finder');
  return <PageHeading title={t('gallery.titles.all')} />;
}
