import { PageSpinner } from '@laundry/ui';
import { adminAccess } from '../auth/admin-access.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import type { RemoteRoute } from '../remote-routes.ts';
import { RemotePage } from './remote-page.tsx';

/**
 * A page of an admin-only remote. Until GET /api/auth/user answers nothing of the remote is fetched; anyone
 * but an admin then gets the shell's 404, as for a path that does not exist, and the remote never loads.
 */
export function AdminOnlyPage(route: RemoteRoute) {
  const access = adminAccess(useCurrentUser());
  if (access === 'wait') return <PageSpinner />;
  if (access === 'deny') return <NotFoundPage />;
  return <RemotePage {...route} />;
}
