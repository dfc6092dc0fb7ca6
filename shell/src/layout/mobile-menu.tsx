import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName, Dialog } from '@laundry/ui';
import { LanguageSelector } from './language-selector.tsx';
import { navLinks } from './nav-links.ts';
import styles from './layout.module.css';

export function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('shell');
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('mobileMenu.title')}>
      <nav className={styles.mobileNav} aria-label={t('header.nav.label')}>
        {navLinks.map(({ key, to }) => (
          <Link key={key} to={to} className={styles.mobileNavLink} onClick={close}>
            {t(`header.nav.${key}`)}
          </Link>
        ))}
        <Link to="/advertiser/setup" className={buttonClassName('secondary')} onClick={close}>
          {t('header.advertise')}
        </Link>
        <LanguageSelector />
      </nav>
    </Dialog>
  );
}
