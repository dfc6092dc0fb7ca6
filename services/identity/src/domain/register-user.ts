import type { Language, RegisterRequest } from '@laundry/contracts';
import type { JobQueue } from '@laundry/platform/jobs';
import { accountMailJobOptions, type AccountMailJob } from './account-mail-job.ts';
import type { MailRequestThrottle } from './mail-request-throttle.ts';
import type { UserRecord, UserRepository } from './user-store.ts';
import type { Passwords } from './passwords.ts';

/** The one answer to every registration, whether or not the address had an account. */
export const SIGN_UP_MAIL_SENT_MESSAGE = 'Check your e-mail to finish signing up.';

export interface RegisterDeps {
  users: UserRepository;
  passwords: Passwords;
  /** The per-address and per-client mail limits, so registrations cannot fill an owner's inbox. */
  throttle: MailRequestThrottle;
  mailJobs: Pick<JobQueue<AccountMailJob>, 'add'>;
}

export type RegisterOutcome =
  { kind: 'created'; user: UserRecord } | { kind: 'address-taken'; mailed: boolean };

const blankToNull = (value: string | undefined) => (value ? value : null);

/**
 * Creates the account, or finds the address taken, after the same work either way (the password hashed,
 * the insert tried, the mail limits counted, one job queued), so the answer and its timing do not say
 * whether the address had an account. A new account gets the verification mail and no session: whoever
 * signs up proves the address by following its link. A taken address's owner gets a warning instead,
 * within the mail limits. A queue out of reach is only logged by the caller: the answer is the same.
 * `language` is the request's when the form did not say (the page's, the cookie's or the browser's).
 */
export async function registerUser(
  deps: RegisterDeps,
  input: RegisterRequest & { language: Language; client: string },
): Promise<RegisterOutcome> {
  const passwordHash = await deps.passwords.hash(input.password);
  const created = await deps.users.insert({
    email: input.email,
    firstName: blankToNull(input.firstName),
    lastName: blankToNull(input.lastName),
    // An address is an admin's only once its owner has proved it (admin-role.ts), never at sign-up.
    role: 'user',
    passwordHash,
    language: input.language,
  });
  const mayMail = await deps.throttle.allow(input.email, input.client);
  if (created) {
    // The first mail to a new address is always sent: nobody could have asked for it before.
    await deps.mailJobs.add({ kind: 'verify-email', userId: created.id }, accountMailJobOptions);
    return { kind: 'created', user: created };
  }
  if (mayMail) {
    await deps.mailJobs.add({ kind: 'sign-up-attempt', email: input.email }, accountMailJobOptions);
  }
  return { kind: 'address-taken', mailed: mayMail };
}
