// Who is asking: sessions (signed cookies), the identity the gateway signs for the services, the route
// guards, and sign-out's revocation list.
export { currentAdmin, currentUser, requireRole, requireUser, type Identity, type Role } from './identity.ts';
export {
  readCookie,
  readSession,
  SESSION_COOKIE,
  signSession,
  verifySession,
  type Session,
} from './session.ts';
export {
  INTERNAL_IDENTITY_HEADER,
  internalIdentity,
  readInternalIdentity,
  signInternalIdentity,
  type ForwardedIdentity,
} from './internal-identity.ts';
export { createSessionRevocations, type SessionRevocations } from './session-revocations.ts';
