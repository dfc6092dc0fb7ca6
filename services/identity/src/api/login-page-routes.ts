import { randomBytes } from 'node:crypto';
import type { Response, Router } from 'express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { pickLanguage } from '../login-page/pick-language.ts';
import { supportedLanguages } from '../login-page/messages.ts';
import { LOGIN_PAGE_PATH, renderLoginPage } from '../login-page/render-login-page.ts';
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

export function loginPageRoutes(router: Router): void {
  router.get(
    LOGIN_PAGE_PATH,
    (_req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString('base64');
      next();
    },
    pageSecurityHeaders,
    cookieParser(),
    (req, res) => {
      const cookies = req.cookies as Record<string, unknown>;
      const language = pickLanguage({
        query: req.query.lang,
        cookie: cookies.i18nextLng,
        acceptLanguage: req.acceptsLanguages(...supportedLanguages),
      });
      const html = renderLoginPage({
        language,
        returnTo: safeReturnTo(req.query.returnTo),
        mode: req.query.mode === 'register' ? 'register' : 'signin',
        nonce: String(res.locals.cspNonce),
      });
      res.set({ 'Cache-Control': 'no-store', 'Content-Language': language, Vary: 'Accept-Language, Cookie' });
      res.type('html').send(html);
    },
  );

  // The forms post here only when scripting is off; send the browser back to the page, which says why.
  router.post(LOGIN_PAGE_PATH, (req, res) => {
    res.redirect(303, req.originalUrl);
  });
}
