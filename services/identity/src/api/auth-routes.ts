import type { Request, RequestHandler, Response, Router } from 'express';
import type { Language } from '@laundry/contracts';
import { identityOperations as operations } from '@laundry/contracts/operations';
import type { Db } from '@laundry/platform/db';
import type { JobQueue } from '@laundry/platform/jobs';
import { AppError, unauthorized } from '@laundry/platform/errors';
import {
  currentUser,
  readCookie,
  readSession,
  SESSION_COOKIE,
  type SessionRevocations,
} from '@laundry/platform/auth';
import type { UserRecord, UserRepository } from '../domain/user-store.ts';
import type { Passwords } from '../domain/passwords.ts';
import { AccountWaitError, type SignInThrottle } from '../domain/sign-in-throttle.ts';
import type { AccountLinkRepository } from '../domain/account-link-store.ts';
import { accountMailJobOptions, type AccountMailJob } from '../domain/account-mail-job.ts';
import type { MailRequestThrottle } from '../domain/mail-request-throttle.ts';
import { registerUser, SIGN_UP_MAIL_SENT_MESSAGE } from '../domain/register-user.ts';
import { authenticateUser } from '../domain/authenticate-user.ts';
import { RESET_REQUESTED_MESSAGE, requestPasswordReset, resetPassword } from '../domain/password-reset.ts';
import { resendVerification, VERIFICATION_SENT_MESSAGE, verifyEmail } from '../domain/email-verification.ts';
import { toPublicUser } from '../domain/public-user.ts';
import { requestLanguage, route } from '@laundry/platform/http';
import { languageOf } from '../login-page/pick-language.ts';
import { EMAIL_VERIFIED_PAGE_PATH } from '../login-page/render-email-verified-page.ts';
import { endAllSessions, LAST_SEEN_EVERY_SECONDS } from '../domain/account-sessions.ts';
import type { SessionRepository } from '../domain/session-store.ts';
import { clearSessionCookie, type SessionSettings } from './session-cookie.ts';
import type { SessionIssuer } from './session-issuer.ts';

export interface AuthRoutesDeps {
  db: Db;
  users: UserRepository;
  links: AccountLinkRepository;
  passwords: Passwords;
  throttle: SignInThrottle;
  forgotPasswordThrottle: MailRequestThrottle;
  verificationThrottle: MailRequestThrottle;
  signUpThrottle: MailRequestThrottle;
  mailJobs: Pick<JobQueue<AccountMailJob>, 'add'>;
  session: SessionSettings;
  sessions: SessionRepository;
  issuer: SessionIssuer;
  revocations: SessionRevocations;
}

/** A JSON body only: cross-site HTML forms cannot send one, which backs up the gateway's CSRF check. */
export const requireJson: RequestHandler = (req, _res, next) => {
  next(
    req.is('application/json')
      ? undefined
      : new AppError(415, 'Send the request body as JSON.', 'UNSUPPORTED_MEDIA_TYPE'),
  );
};

const clientIp = (req: Request) => req.clientAddress ?? 'unknown';

/**
 * Whether a GET of /api/logout comes from our own pages (a link, or the address typed in): Sec-Fetch-Site
 * says so in every current browser, else the Referer's origin. A cross-site link, image or frame must not
 * sign anyone out; a request with neither header is no browser's and only signs its sender out.
 */
function isOwnNavigation(req: Request): boolean {
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  const referer = req.get('referer');
  if (referer === undefined) return true;
  try {
    return new URL(referer).host === req.get('host');
  } catch {
    return false;
  }
}

const identityOf = (user: UserRecord) => ({ id: user.id, email: user.email, role: user.role });

export function authRoutes(deps: AuthRoutesDeps) {
  return (router: Router) => {
    const json = { before: [requireJson] };

    route(router, operations.register, json, async ({ body: input }, req, res) => {
      const outcome = await registerUser(
        {
          users: deps.users,
          passwords: deps.passwords,
          throttle: deps.signUpThrottle,
          // A queue out of reach only delays the mail; the answer stays the same for every address.
          mailJobs: {
            add: (job, options) =>
              deps.mailJobs
                .add(job, options)
                .catch((err: unknown) => req.log.error({ err, kind: job.kind }, 'account e-mail not queued')),
          },
        },
        { ...input, language: input.language ?? languageOf(req), client: clientIp(req) },
      );
      if (outcome.kind === 'created') {
        req.log.info({ userId: outcome.user.id, role: outcome.user.role }, 'account created');
      } else {
        req.log.info({ mailed: outcome.mailed }, 'sign-up with a taken address');
      }
      // No session and no account in the answer: the person signs in by following the mailed link.
      res.status(202).json({ message: SIGN_UP_MAIL_SENT_MESSAGE });
    });

    route(router, operations.login, json, async ({ body: input }, req, res) => {
      const ip = clientIp(req);
      try {
        await deps.throttle.beforeAttempt(input.email, ip);
      } catch (error) {
        if (error instanceof AccountWaitError) res.set('Retry-After', String(error.retryAfterSeconds));
        throw error;
      }
      let user: UserRecord;
      try {
        user = await authenticateUser(
          {
            ...deps,
            // The right password before the address is proved asks for a new link, as the resend button
            // does, and is limited as it is: counted with the sign-ups, the registration's own mail used
            // up this client's allowance for the address, and the person who had just signed up got none.
            onUnverified: async (unverified) => {
              if (!(await deps.verificationThrottle.allow(unverified.email, ip))) return;
              await deps.mailJobs
                .add({ kind: 'verify-email', userId: unverified.id }, accountMailJobOptions)
                .catch((err: unknown) => req.log.error({ err }, 'verification e-mail not queued'));
            },
          },
          input,
        );
      } catch (error) {
        await deps.throttle.afterFailure(ip, input.email);
        throw error;
      }
      await deps.throttle.afterSuccess(input.email, ip);
      await deps.issuer.start(req, res, identityOf(user), await deps.revocations.validFrom(user.id));
      res.json(toPublicUser(user));
    });

    route(router, operations.forgotPassword, json, async ({ body: input }, req, res) => {
      // The page's language, else the account's own (the job knows it).
      const language: Language | undefined = input.language ?? requestLanguage(req);
      await requestPasswordReset(
        { throttle: deps.forgotPasswordThrottle, mailJobs: deps.mailJobs },
        { ...input, language, client: clientIp(req) },
      );
      res.status(202).json({ message: RESET_REQUESTED_MESSAGE });
    });

    route(router, operations.resetPassword, json, async ({ body: input }, req, res) => {
      const { user, sessionsValidFrom } = await resetPassword(
        {
          ...deps,
          sessions: {
            endAllSessionsOf: (userId) =>
              endAllSessions(
                {
                  sessions: deps.sessions,
                  revocations: deps.revocations,
                  ttlSeconds: deps.session.ttlSeconds,
                },
                userId,
              ),
          },
        },
        input,
      );
      req.log.info({ userId: user.id }, 'password reset; every other session ended');
      await deps.issuer.start(req, res, identityOf(user), sessionsValidFrom);
      res.json(toPublicUser(user));
    });

    // Without a session the answer says to sign in for a new link, rather than a bare 401.
    const ownSessionCheck = { handlerChecksSession: true };
    route(router, operations.resendVerificationEmail, ownSessionCheck, async (_input, req, res) => {
      await resendVerification(
        { users: deps.users, throttle: deps.verificationThrottle, mailJobs: deps.mailJobs },
        { userId: req.user?.id, client: clientIp(req) },
      );
      res.status(202).json({ message: VERIFICATION_SENT_MESSAGE });
    });

    // The link in the verification e-mail: a navigation, answered with the page that says how it went.
    // The link in the verification e-mail: a navigation, answered with the page that says how it went. The
    // use that verifies the address also signs its owner in (the mail proved them); a link followed again
    // only shows the page, so an old mail is no standing way in.
    // A missing or malformed token is answered by the page, not a 400.
    route(router, operations.verifyEmail, { unparsed: ['query'] }, async (_input, req, res) => {
      const { result, verifiedNow } = await verifyEmail(deps, req.query.token);
      if (verifiedNow) {
        // Sessions from before the address was proved (an account older than this rule, or one someone
        // else registered with this address) end: only the person the mail reached goes on.
        const validFrom = await endAllSessions(
          { sessions: deps.sessions, revocations: deps.revocations, ttlSeconds: deps.session.ttlSeconds },
          verifiedNow.id,
        );
        await deps.issuer.start(req, res, identityOf(verifiedNow), validFrom);
      }
      const query = new URLSearchParams({ result, lang: languageOf(req) });
      res.set('Cache-Control', 'no-store');
      res.redirect(303, `${EMAIL_VERIFIED_PAGE_PATH}?${query.toString()}`);
    });

    const signOut = async (req: Request, res: Response) => {
      // Clearing the cookie is not enough: a copy of the token would stay valid until it expires.
      const session = readSession(readCookie(req.headers.cookie, SESSION_COOKIE), deps.session.secret);
      if (session) {
        await deps.revocations.revoke(session);
        if (session.sessionId) await deps.sessions.end(session.identity.id, session.sessionId);
      }
      clearSessionCookie(res, deps.session);
    };

    // The header's sign-out item posts here (the gateway refuses a cross-site POST).
    route(router, operations.logout, async (_input, req, res) => {
      await signOut(req, res);
      res.status(204).end();
    });

    // The navigation to /api/logout from our own pages; a cross-site GET only goes home.
    route(router, operations.logoutNavigation, async (_input, req, res) => {
      if (isOwnNavigation(req)) await signOut(req, res);
      res.redirect(302, '/');
    });

    // Loaded fresh on every call, so a deleted account signs out at once even with a valid session.
    route(router, operations.getCurrentUser, async (_input, req, res) => {
      const user = await deps.users.findById(currentUser(req).id);
      if (!user) throw unauthorized();
      // Every page load asks this: the session list's "last active", written at most every few minutes
      // and not waited for.
      const session = readSession(readCookie(req.headers.cookie, SESSION_COOKIE), deps.session.secret);
      if (session?.sessionId && session.identity.id === user.id) {
        deps.sessions
          .touch(session.sessionId, user.id, LAST_SEEN_EVERY_SECONDS)
          .catch((err: unknown) => req.log.warn({ err }, 'session last-seen time not recorded'));
      }
      // The role follows ADMIN_EMAILS and the address's verification: a session whose role no longer
      // matches is signed anew (same id and end), e.g. an admin who has just verified the address.
      if (session && session.identity.id === user.id && session.identity.role !== user.role) {
        deps.issuer.renew(res, session, identityOf(user), await deps.revocations.validFrom(user.id));
      }
      res.json(toPublicUser(user));
    });
  };
}
