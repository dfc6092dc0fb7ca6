import type { Router } from 'express';
import { ACCOUNT_DELETED_MESSAGE } from '@laundry/contracts';
import { identityOperations } from '@laundry/contracts/operations';
import { currentUser } from '@laundry/platform/auth';
import { route } from '@laundry/platform/http';
import { eraseAccount, type EraseAccountDeps } from '../domain/erase-account.ts';
import { clearSessionCookie, type SessionSettings } from './session-cookie.ts';
import { requireJson } from './auth-routes.ts';

/**
 * DELETE /api/me: the person's erasure, their password asked again. What identity holds about them is
 * exported as every service's is (the app's personalData, which the kit mounts).
 */
export function accountErasureRoutes(
  router: Router,
  deps: EraseAccountDeps & { session: SessionSettings },
): void {
  route(
    router,
    identityOperations.deleteAccount,
    { before: [requireJson] },
    async ({ body: input }, req, res) => {
      const { confirmationQueued } = await eraseAccount(deps, {
        userId: currentUser(req).id,
        password: input.password,
      });
      req.log.info('account erased; user.deleted.v1 recorded');
      if (!confirmationQueued)
        req.log.error('account erased, but its confirmation e-mail could not be queued');
      clearSessionCookie(res, deps.session);
      res.json({ message: ACCOUNT_DELETED_MESSAGE });
    },
  );
}
