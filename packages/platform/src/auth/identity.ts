import type { Request, RequestHandler } from 'express';
import { forbidden, unauthorized } from '../errors/app-error.ts';

export type Role = 'user' | 'admin';

export interface Identity {
  id: string;
  email: string;
  role: Role;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: Identity;
    /** The client's address as the gateway saw it; the socket's peer when no gateway vouches for one. */
    clientAddress?: string;
  }
}

export function currentUser(req: Request): Identity {
  if (!req.user) throw unauthorized();
  return req.user;
}

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : unauthorized());
};

export function requireRole(role: Role): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(unauthorized());
    next(req.user.role === role ? undefined : forbidden('You do not have permission to do this.'));
  };
}

/**
 * The signed-in admin, checked inside a handler (rather than by requireRole before it) where a refused
 * attempt by a signed-in person must still reach the audit log.
 */
export function currentAdmin(req: Request): Identity {
  const user = currentUser(req);
  if (user.role !== 'admin') throw forbidden('You do not have permission to do this.');
  return user;
}
