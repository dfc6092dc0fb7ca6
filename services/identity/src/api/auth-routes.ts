import type { Request, RequestHandler, Router } from 'express';
import { loginRequestSchema, registerRequestSchema } from '@laundry/contracts';
import {
  AppError,
  currentUser,
  readCookie,
  readSession,
  SESSION_COOKIE,
  unauthorized,
  type SessionRevocations,
} from '@laundry/platform';
import type { UserRecord, UserRepository } from '../infra/user-repository.ts';
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

const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

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

    router.get('/api/logout', async (req, res) => {
      // Clearing the cookie is not enough: a copy of the token would stay valid until it expires.
      const session = readSession(readCookie(req.headers.cookie, SESSION_COOKIE), deps.session.secret);
      if (session) await deps.revocations.revoke(session);
      clearSessionCookie(res, deps.session);
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
