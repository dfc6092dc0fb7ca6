import { useTranslation } from 'react-i18next';
import { PageHeading } from './page-heading.tsx';

export default function AddLaundromatPage() {
  const { t } = useTranslation('finder');
  return <PageHeading title={t('add.title')} subtitle={t('add.subtitle')} />;
}
