import type { Request, RequestHandler, Response, Router } from 'express';
import { loginRequestSchema, registerRequestSchema } from '@laundry/contracts';
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
import { registerUser } from '../domain/register-user.ts';
import { authenticateUser } from '../domain/authenticate-user.ts';
import { toPublicUser } from '../domain/public-user.ts';
import { clearSessionCookie, setSessionCookie, type SessionSettings } from './session-cookie.ts';

export interface AuthRoutesDeps {
  users: UserRepository;
  passwords: Passwords;
  throttle: SignInThrottle;
  session: SessionSettings;
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
      const user = await registerUser(deps, input);
      req.log.info({ userId: user.id, role: user.role }, 'account created');
      setSessionCookie(res, identityOf(user), deps.session);
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
      setSessionCookie(res, identityOf(user), deps.session);
      res.json(toPublicUser(user));
    });

    const signOut = async (req: Request, res: Response) => {
      // Clearing the cookie is not enough: a copy of the token would stay valid until it expires.
      const session = readSession(readCookie(req.headers.cookie, SESSION_COOKIE), deps.session.secret);
      if (session) await deps.revocations.revoke(session);
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
      res.json(toPublicUser(user));
    });
  };
}
