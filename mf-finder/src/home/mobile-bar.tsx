import { memo } from 'react';
import { Link } from 'react-router';
import { useText } from '../shared/use-text.ts';
import styles from './home.module.css';

interface MobileBarProps {
  onList: () => void;
  onFilters: () => void;
}

/** Below the large breakpoint: List and Filters open the drawer; links to Saved, Photos, Add. */
export const MobileBar = memo(function MobileBar({ onList, onFilters }: MobileBarProps) {
  const { t } = useText();
  return (
    <nav className={styles.mobileBar} aria-label={t('mobileBar.label')}>
      <button type="button" onClick={onList}>
        {t('mobileBar.list')}
      </button>
      <button type="button" onClick={onFilters}>
        {t('mobileBar.filters')}
      </button>
      <Link to="/favorites">{t('mobileBar.saved')}</Link>
      <Link to="/gallery">{t('mobileBar.photos')}</Link>
      <Link to="/add">{t('mobileBar.add')}</Link>
    </nav>
  );
});
