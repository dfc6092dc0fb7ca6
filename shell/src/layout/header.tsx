import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { User } from '@laundry/contracts';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Button, buttonClassName } from '@laundry/ui';
import { signInUrl } from '../auth/auth-urls.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { LanguageSelector } from './language-selector.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { navLinks } from './nav-links.ts';
import styles from './layout.module.css';

type UserMenuComponent = (typeof import('./user-menu.tsx'))['UserMenu'];

// The menu (and its pop-over machinery) is for signed-in people only: a first visit does not fetch it.
let loadedUserMenu: UserMenuComponent | undefined;
export const preloadUserMenu = () =>
  import('./user-menu.tsx').then(({ UserMenu }) => (loadedUserMenu = UserMenu));
const LazyUserMenu = lazy(() => preloadUserMenu().then((UserMenu) => ({ default: UserMenu })));

export function Header() {
  const { t } = useTranslation(['shell', 'common']);
  const { data: user } = useCurrentUser();
  const location = useLocation();
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  // Loaded before the first render (bootstrap.tsx, behind the prerendered first screen), the menu renders at
  // once rather than after a frame of its placeholder; chosen once, so the menu is never mounted anew.
  const [UserMenu] = useState<ComponentType<{ user: User }>>(() => loadedUserMenu ?? LazyUserMenu);
  const returnTo = `${location.pathname}${location.search}`;

  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link to="/" className={styles.brand} aria-label={t('shell:header.homeLink')}>
          <Logo />
          <span>{t('common:appName')}</span>
        </Link>
        <nav className={styles.nav} aria-label={t('shell:header.nav.label')}>
          {navLinks.map(({ key, to }) => (
            <NavLink key={key} to={to} end className={styles.navLink}>
              {t(`shell:header.nav.${key}`)}
            </NavLink>
          ))}
        </nav>
        <div className={styles.actions}>
          <LanguageSelector className={styles.desktopOnly} />
          <Link
            to="/advertiser/setup"
            className={`${buttonClassName('secondary', 'small')} ${styles.desktopOnly}`}
          >
            {t('shell:header.advertise')}
          </Link>
          {user && (
            <Link
              to="/favorites"
              className={`${buttonClassName('ghost', 'icon')} ${styles.favoritesLink}`}
              aria-label={t('shell:header.favorites')}
              title={t('shell:header.favorites')}
            >
              <span aria-hidden="true">♥</span>
            </Link>
          )}
          {user ? (
            <Suspense fallback={<span className={styles.avatar} aria-hidden="true" />}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <a href={signInUrl(returnTo)} className={buttonClassName('primary', 'small')}>
              {t('shell:header.signIn')}
            </a>
          )}
          <Button
            variant="ghost"
            size="icon"
            className={styles.mobileOnly}
            aria-label={t('shell:mobileMenu.open')}
            aria-expanded={mobileMenuOpen}
            onClick={() => setMobileMenuOpen(true)}
          >
            <span aria-hidden="true">☰</span>
          </Button>
        </div>
      </div>
      <MobileMenu open={mobileMenuOpen} onOpenChange={setMobileMenuOpen} />
    </header>
  );
}
