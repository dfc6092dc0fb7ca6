import type { Router } from 'express';
import { ACCOUNT_DELETED_MESSAGE, deleteAccountRequestSchema, PERSONAL_DATA_PATH } from '@laundry/contracts';
import { currentUser, requireUser } from '@laundry/platform/auth';
import { AppError } from '@laundry/platform/errors';
import { eraseAccount, type EraseAccountDeps } from '../domain/erase-account.ts';
import { collectAccountData, type AccountDataStore } from '../domain/account-data.ts';
import { clearSessionCookie, type SessionSettings } from './session-cookie.ts';

/**
 * DELETE /api/me (the person's erasure, their password asked again) and the internal export of what
 * identity holds about them, which the gateway gathers into the archive of GET /api/me/export.
 */
export function accountErasureRoutes(
  router: Router,
  deps: EraseAccountDeps & { accountData: AccountDataStore; session: SessionSettings },
): void {
  router.delete('/api/me', requireUser, async (req, res) => {
    if (!req.is('application/json')) {
      throw new AppError(415, 'Send the request body as JSON.', 'UNSUPPORTED_MEDIA_TYPE');
    }
    const input = deleteAccountRequestSchema.parse(req.body);
    const { confirmationQueued } = await eraseAccount(deps, {
      userId: currentUser(req).id,
      password: input.password,
    });
    req.log.info('account erased; user.deleted.v1 recorded');
    if (!confirmationQueued) req.log.error('account erased, but its confirmation e-mail could not be queued');
    clearSessionCookie(res, deps.session);
    res.json({ message: ACCOUNT_DELETED_MESSAGE });
  });

  router.get(PERSONAL_DATA_PATH, requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await collectAccountData(deps.accountData, currentUser(req).id));
  });
}
