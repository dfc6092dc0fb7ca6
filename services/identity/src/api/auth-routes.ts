import type { Request, RequestHandler, Response, Router } from 'express';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  type Language,
} from '@laundry/contracts';
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
import type { SignInThrottle } from '../domain/sign-in-throttle.ts';
import type { AccountLinkRepository } from '../domain/account-link-store.ts';
import { accountMailJobOptions, type AccountMailJob } from '../domain/account-mail-job.ts';
import type { MailRequestThrottle } from '../domain/mail-request-throttle.ts';
import { registerUser } from '../domain/register-user.ts';
import { authenticateUser } from '../domain/authenticate-user.ts';
import { RESET_REQUESTED_MESSAGE, requestPasswordReset, resetPassword } from '../domain/password-reset.ts';
import { resendVerification, VERIFICATION_SENT_MESSAGE, verifyEmail } from '../domain/email-verification.ts';
import { toPublicUser } from '../domain/public-user.ts';
import { requestLanguage } from '@laundry/platform/http';
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
  mailJobs: Pick<JobQueue<AccountMailJob>, 'add'>;
  session: SessionSettings;
  sessions: SessionRepository;
  issuer: SessionIssuer;
  revocations: SessionRevocations;
  adminEmails: readonly string[];
}

/** A JSON body only: cross-site HTML forms cannot send one, which backs up the gateway's CSRF check. */
const requireJson: RequestHandler = (req, _res, next) => {
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
    router.post('/api/auth/register', requireJson, async (req, res) => {
      const input = registerRequestSchema.parse(req.body);
      const user = await registerUser(deps, { ...input, language: input.language ?? languageOf(req) });
      req.log.info({ userId: user.id, role: user.role }, 'account created');
      // The account exists either way; a queue out of reach only delays the address's verification.
      await deps.mailJobs
        .add({ kind: 'verify-email', userId: user.id }, accountMailJobOptions)
        .catch((err: unknown) => req.log.error({ err, userId: user.id }, 'verification e-mail not queued'));
      await deps.issuer.start(req, res, identityOf(user));
      res.status(201).json(toPublicUser(user));
    });

    router.post('/api/auth/login', requireJson, async (req, res) => {
      const input = loginRequestSchema.parse(req.body);
      const ip = clientIp(req);
      await deps.throttle.beforeAttempt(input.email, ip);
      let user: UserRecord;
      try {
        user = await authenticateUser(deps, input);
      } catch (error) {
        await deps.throttle.afterFailure(ip);
        throw error;
      }
      await deps.throttle.afterSuccess(input.email, ip);
      await deps.issuer.start(req, res, identityOf(user), await deps.revocations.validFrom(user.id));
      res.json(toPublicUser(user));
    });

    router.post('/api/auth/forgot-password', requireJson, async (req, res) => {
      const input = forgotPasswordRequestSchema.parse(req.body);
      // The page's language, else the account's own (the job knows it).
      const language: Language | undefined = input.language ?? requestLanguage(req);
      await requestPasswordReset(
        { throttle: deps.forgotPasswordThrottle, mailJobs: deps.mailJobs },
        { ...input, language, client: clientIp(req) },
      );
      res.status(202).json({ message: RESET_REQUESTED_MESSAGE });
    });

    router.post('/api/auth/reset-password', requireJson, async (req, res) => {
      const input = resetPasswordRequestSchema.parse(req.body);
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

    router.post('/api/auth/verify-email/resend', async (req, res) => {
      await resendVerification(
        { users: deps.users, throttle: deps.verificationThrottle, mailJobs: deps.mailJobs },
        { userId: req.user?.id, client: clientIp(req) },
      );
      res.status(202).json({ message: VERIFICATION_SENT_MESSAGE });
    });

    // The link in the verification e-mail: a navigation, answered with the page that says how it went.
    router.get('/api/auth/verify-email', async (req, res) => {
      const result = await verifyEmail(deps, req.query.token);
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
    router.post('/api/logout', async (req, res) => {
      await signOut(req, res);
      res.status(204).end();
    });

    // The spec's navigation to /api/logout from our own pages; a cross-site GET only goes home.
    router.get('/api/logout', async (req, res) => {
      if (isOwnNavigation(req)) await signOut(req, res);
      res.redirect(302, '/');
    });

    // Loaded fresh on every call, so a deleted account signs out at once even with a valid session.
    router.get('/api/auth/user', async (req, res) => {
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
      res.json(toPublicUser(user));
    });
  };
}
