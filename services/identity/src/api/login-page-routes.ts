import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response, Router } from 'express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { accountTokenSchema } from '@laundry/contracts';
import { identityOperations as operations } from '@laundry/contracts/operations';
import { route } from '@laundry/platform/http';
import type { AccountLinkRepository } from '../domain/account-link-store.ts';
import type { UserRepository } from '../domain/user-store.ts';
import { checkResetLink } from '../domain/password-reset.ts';
import type { Language } from '../login-page/messages.ts';
import { languageOf } from '../login-page/pick-language.ts';
import { renderLoginPage, type LoginMode } from '../login-page/render-login-page.ts';
import { renderResetPasswordPage, type ResetLinkView } from '../login-page/render-reset-password-page.ts';
import { renderEmailVerifiedPage } from '../login-page/render-email-verified-page.ts';
import { safeReturnTo } from '../login-page/safe-return-to.ts';

const nonceOf = (res: Response) => `'nonce-${String(res.locals.cspNonce)}'`;

/** Nothing but our own nonced style and script, and fetches to this origin. */
const pageSecurityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: [(_req, res) => nonceOf(res as Response)],
      styleSrc: [(_req, res) => nonceOf(res as Response)],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
  // The page links out to nothing and embeds nothing; the rest of helmet's defaults apply as they are.
  crossOriginEmbedderPolicy: false,
});

/** A server-rendered page's first steps: a fresh nonce, its headers, and the cookies for its language. */
export const pageMiddleware: RequestHandler[] = [
  (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  },
  pageSecurityHeaders,
  cookieParser(),
];

export function sendPage(res: Response, language: Language, html: string): void {
  res.set({ 'Cache-Control': 'no-store', 'Content-Language': language, Vary: 'Accept-Language, Cookie' });
  res.type('html').send(html);
}

const loginModes: readonly LoginMode[] = ['signin', 'register', 'forgot'];

export interface LoginPageDeps {
  users: UserRepository;
  links: AccountLinkRepository;
  resetLinkTtlSeconds: number;
  verificationTtlSeconds: number;
}

/** The pages read their query leniently: an unknown language, mode, result or link falls back to a default. */
const page = { before: pageMiddleware, unparsed: ['query' as const] };

export function loginPageRoutes(router: Router, deps: LoginPageDeps): void {
  route(router, operations.showLoginPage, page, (_input, req, res) => {
    const language = languageOf(req);
    const mode = loginModes.find((candidate) => candidate === req.query.mode) ?? 'signin';
    const html = renderLoginPage({
      language,
      returnTo: safeReturnTo(req.query.returnTo),
      mode,
      nonce: String(res.locals.cspNonce),
      resetLinkTtlSeconds: deps.resetLinkTtlSeconds,
    });
    sendPage(res, language, html);
  });

  // The forms post here only when scripting is off; send the browser back to the page, which says why.
  route(router, operations.postLoginForm, { unparsed: ['query', 'body'] }, (_input, req, res) => {
    res.redirect(303, req.originalUrl);
  });

  // Opened from the reset e-mail; the link is checked, not used, until the new password is posted.
  route(router, operations.showResetPasswordPage, page, async (_input, req, res) => {
    const language = languageOf(req);
    const token = accountTokenSchema.safeParse(req.query.token);
    let link: ResetLinkView = { state: 'invalid' };
    if (token.success) {
      const checked = await checkResetLink(deps, token.data);
      link = checked.state === 'usable' ? { ...checked, token: token.data } : checked;
    }
    // A page holding a link's secret is nobody else's to keep: never stored, never sent on as a Referer.
    res.set('Referrer-Policy', 'no-referrer');
    sendPage(res, language, renderResetPasswordPage({ language, link, nonce: String(res.locals.cspNonce) }));
  });

  route(router, operations.showEmailVerifiedPage, page, (_input, req, res) => {
    const language = languageOf(req);
    const result =
      req.query.result === 'verified' || req.query.result === 'expired' ? req.query.result : 'invalid';
    const html = renderEmailVerifiedPage({
      language,
      result,
      nonce: String(res.locals.cspNonce),
      verificationTtlSeconds: deps.verificationTtlSeconds,
    });
    sendPage(res, language, html);
  });
}
