import { useTranslation } from 'react-i18next';
import { PageHeading } from './page-heading.tsx';

export default function HomePage() {
  const { t } = useTranslation('finder');
  return <PageHeading title={t('hero.title')} subtitle={t('hero.tagline')} />;
}
