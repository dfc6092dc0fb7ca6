// Mail a service sends a person (identity's account links, owner's claim codes). The SMTP adapter loads
// nodemailer, so it is a subpath of its own: `@laundry/platform/mail/smtp`.
export type { Mail, Mailer } from './mailer.ts';
export { createUnsentMailer } from './unsent-mailer.ts';
