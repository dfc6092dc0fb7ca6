import type { Request } from 'express';
import { currentUser, forbidden } from '@laundry/platform';

/** Checked inside an audited handler, so a refused attempt by a signed-in non-admin is in the log too. */
export function requireAdmin(req: Request) {
  const user = currentUser(req);
  if (user.role !== 'admin') throw forbidden('You do not have permission to do this.');
  return user;
}
