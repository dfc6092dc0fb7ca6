import type { Request, Router } from 'express';
import { identityOperations as operations } from '@laundry/contracts/operations';
import type { Db } from '@laundry/platform/db';
import type { JobQueue } from '@laundry/platform/jobs';
import { notFound, unauthorized } from '@laundry/platform/errors';
import { currentUser, type SessionRevocations } from '@laundry/platform/auth';
import { route } from '@laundry/platform/http';
import type { UserRecord, UserRepository } from '../domain/user-store.ts';
import type { Passwords } from '../domain/passwords.ts';
import type { SignInThrottle } from '../domain/sign-in-throttle.ts';
import type { AccountLinkRepository } from '../domain/account-link-store.ts';
import type { AccountMailJob } from '../domain/account-mail-job.ts';
import type { MailRequestThrottle } from '../domain/mail-request-throttle.ts';
import type { SessionRepository } from '../domain/session-store.ts';
import { updateProfile, setProfileImage } from '../domain/account-profile.ts';
import { changePassword } from '../domain/change-password.ts';
import { confirmEmailChange, EMAIL_CHANGE_SENT_MESSAGE, requestEmailChange } from '../domain/change-email.ts';
import { endOtherSessions, endSession, listSessions } from '../domain/account-sessions.ts';
import { toPublicUser } from '../domain/public-user.ts';
import { clearSessionCookie, type SessionSettings } from './session-cookie.ts';
import type { SessionIssuer } from './session-issuer.ts';
import { requireJson } from './auth-routes.ts';

export interface AccountRoutesDeps {
  db: Db;
  users: UserRepository;
  links: AccountLinkRepository;
  passwords: Passwords;
  throttle: SignInThrottle;
  emailChangeThrottle: MailRequestThrottle;
  mailJobs: Pick<JobQueue<AccountMailJob>, 'add'>;
  sessions: SessionRepository;
  issuer: SessionIssuer;
  revocations: SessionRevocations;
  session: SessionSettings;
}

const clientIp = (req: Request) => req.clientAddress ?? 'unknown';

const identityOf = (user: UserRecord) => ({ id: user.id, email: user.email, role: user.role });

/** The account page's API (/api/me…): the person's own name, image, address, password and sessions. */
export function accountRoutes(deps: AccountRoutesDeps) {
  const sessionDeps = {
    sessions: deps.sessions,
    revocations: deps.revocations,
    ttlSeconds: deps.session.ttlSeconds,
  };
  /** The asking browser's session, when it is the signed-in person's (it always is, through the gateway). */
  const currentSession = (req: Request) => {
    const session = deps.issuer.current(req);
    return session?.identity.id === req.user?.id ? session : undefined;
  };

  return (router: Router) => {
    const json = { before: [requireJson] };

    route(router, operations.updateProfile, json, async ({ body: changes }, req, res) => {
      res.json(toPublicUser(await updateProfile(deps, currentUser(req).id, changes)));
    });

    route(router, operations.setProfileImage, json, async ({ body: { profileImageUrl } }, req, res) => {
      res.json(toPublicUser(await setProfileImage(deps, currentUser(req).id, profileImageUrl)));
    });

    route(router, operations.changeEmail, json, async ({ body: input }, req, res) => {
      await requestEmailChange(
        { ...deps, mailThrottle: deps.emailChangeThrottle },
        { ...input, userId: currentUser(req).id, client: clientIp(req) },
      );
      req.log.info({ userId: currentUser(req).id }, 'e-mail change asked; link sent to the new address');
      res.status(202).json({ message: EMAIL_CHANGE_SENT_MESSAGE });
    });

    route(router, operations.changePassword, json, async ({ body: input }, req, res) => {
      const session = currentSession(req);
      const { user, validFrom, ended } = await changePassword(
        { ...deps, ...sessionDeps },
        { ...input, userId: currentUser(req).id, currentSid: session?.sessionId, client: clientIp(req) },
      );
      req.log.info({ userId: user.id, ended }, 'password changed; other sessions ended');
      if (session) deps.issuer.renew(res, session, identityOf(user), validFrom);
      res.json(toPublicUser(user));
    });

    route(router, operations.listSessions, async (_input, req, res) => {
      res.set('Cache-Control', 'no-store');
      res.json(await listSessions(deps, currentUser(req).id, currentSession(req)?.sessionId));
    });

    route(router, operations.endOtherSessions, async (_input, req, res) => {
      const user = await deps.users.findById(currentUser(req).id);
      if (!user) throw unauthorized();
      const session = currentSession(req);
      const { ended, validFrom } = await endOtherSessions(sessionDeps, user.id, session?.sessionId);
      req.log.info({ userId: user.id, ended }, 'every other session ended');
      if (session) deps.issuer.renew(res, session, identityOf(user), validFrom);
      res.json({ ended });
    });

    // A malformed id names no session: answered like one that has ended.
    const sessionEnded = { invalidParams: () => notFound('This session has already ended.') };
    route(router, operations.endSession, sessionEnded, async ({ params: { id: sid } }, req, res) => {
      await endSession(sessionDeps, currentUser(req).id, sid);
      // Ending this browser's own session is signing out here.
      if (sid === currentSession(req)?.sessionId) clearSessionCookie(res, deps.session);
      res.status(204).end();
    });

    // The link in the mail to the new address: a navigation, answered with the account page saying how it
    // went. The person's sessions carry the old address, so this browser's is signed anew with the new one
    // (when it is theirs) and every other one ends; they sign in again with the new address.
    route(router, operations.confirmEmailChange, { unparsed: ['query'] }, async (_input, req, res) => {
      const { result, user } = await confirmEmailChange(deps, req.query.token);
      if (user) {
        const session = deps.issuer.current(req);
        const own = session?.identity.id === user.id ? session : undefined;
        const { validFrom } = await endOtherSessions(sessionDeps, user.id, own?.sessionId);
        if (own) deps.issuer.renew(res, own, identityOf(user), validFrom);
        req.log.info({ userId: user.id }, 'e-mail address changed');
      }
      res.set('Cache-Control', 'no-store');
      res.redirect(303, `/account?emailChange=${result}`);
    });
  };
}
