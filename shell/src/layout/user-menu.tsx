import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@laundry/contracts';
import { signOutUrl } from '../auth/auth-urls.ts';
import { isAdmin } from '../auth/admin-access.ts';
import styles from './layout.module.css';

function displayName(user: User): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.email;
}

/** docs/product.md, Pages: the avatar, else the initial of the first name, else of the e-mail. */
function initial(user: User): string {
  return (user.firstName || user.email).charAt(0).toUpperCase();
}

/**
 * Signing out is a same-origin POST (a cross-site page cannot make one), then a fresh home page so nothing of
 * the session stays in memory. Should the POST not get through, the navigation to the same address, which the
 * server also honours from our own pages, signs out instead.
 */
async function signOut(): Promise<void> {
  const response = await fetch(signOutUrl, { method: 'POST', credentials: 'same-origin' }).catch(
    () => undefined,
  );
  window.location.assign(response?.ok ? '/' : signOutUrl);
}

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation('shell');
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={styles.avatarButton} aria-label={t('userMenu.open')}>
        {user.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" className={styles.avatar} />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {initial(user)}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={8}>
          <DropdownMenu.Label className={styles.menuLabel}>{displayName(user)}</DropdownMenu.Label>
          <DropdownMenu.Separator className={styles.menuSeparator} />
          <DropdownMenu.Item asChild className={styles.menuItem}>
            <Link to="/account">{t('userMenu.account')}</Link>
          </DropdownMenu.Item>
          {/* The header's heart gives way to the name on the narrowest phones: the saved list is here too. */}
          <DropdownMenu.Item asChild className={styles.menuItem}>
            <Link to="/favorites">{t('header.favorites')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={styles.menuItem}>
            <Link to="/advertiser/dashboard">{t('userMenu.advertiserDashboard')}</Link>
          </DropdownMenu.Item>
          {isAdmin(user) && (
            <DropdownMenu.Item asChild className={styles.menuItem}>
              <Link to="/admin">{t('userMenu.admin')}</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={styles.menuItem} onSelect={() => void signOut()}>
            {t('userMenu.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
