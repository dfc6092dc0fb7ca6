import type { Request, Response, Router } from 'express';
import {
  internalMailRequestSchema,
  INTERNAL_MAIL_PATH,
  languages,
  unsubscribeTokenSchema,
  type Language,
} from '@laundry/contracts';
import { identityOperations as operations } from '@laundry/contracts/operations';
import { currentUser, INTERNAL_IDENTITY_HEADER, readInternalIdentity } from '@laundry/platform/auth';
import { forbidden } from '@laundry/platform/errors';
import { route } from '@laundry/platform/http';
import {
  changeNotificationPreferences,
  notificationPreferences,
  type NotificationPreferenceStore,
} from '../domain/notification-preferences.ts';
import { relayMail, type RelayMailDeps } from '../domain/relay-mail.ts';
import { readUnsubscribeToken, type UnsubscribeClaims } from '../domain/unsubscribe-token.ts';
import type { UserRepository } from '../domain/user-store.ts';
import { languageOf } from '../login-page/pick-language.ts';
import { renderUnsubscribePage, type UnsubscribePageState } from '../login-page/render-unsubscribe-page.ts';
import { pageMiddleware, sendPage } from './login-page-routes.ts';

export interface NotificationRouteDeps {
  users: Pick<UserRepository, 'findById'>;
  preferences: NotificationPreferenceStore;
  relay: RelayMailDeps;
  unsubscribeKey: Buffer;
  internalSecret: string;
}

const explicitLanguage = (req: Request): Language | undefined =>
  languages.find((code) => code === req.query.lang);

/**
 * The signed-in person's notification choices; the unsubscribe link's page and one-click POST; and
 * POST /internal/mail, through which every other service's mail goes.
 */
export function notificationRoutes(router: Router, deps: NotificationRouteDeps): void {
  route(router, operations.getNotificationPreferences, async (_input, req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await notificationPreferences(deps.preferences, currentUser(req).id));
  });

  route(router, operations.putNotificationPreferences, async ({ body }, req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await changeNotificationPreferences(deps.preferences, currentUser(req).id, body.preferences));
  });

  /** The token's person and type, and the page's language: the one asked for, else the person's own. */
  const readLink = async (req: Request) => {
    const token = unsubscribeTokenSchema.safeParse(req.query.token);
    const claims: UnsubscribeClaims | undefined = token.success
      ? readUnsubscribeToken(deps.unsubscribeKey, token.data)
      : undefined;
    const user = claims ? await deps.users.findById(claims.userId) : undefined;
    const language = explicitLanguage(req) ?? user?.language ?? languageOf(req);
    return { token: token.success ? token.data : '', claims: user ? claims : undefined, language };
  };

  const answerPage = (res: Response, language: Language, state: UnsubscribePageState) => {
    // The page carries the link's token: never stored, never sent on as a Referer.
    res.set('Referrer-Policy', 'no-referrer');
    if (state.kind === 'invalid') res.status(400);
    sendPage(res, language, renderUnsubscribePage({ language, state, nonce: String(res.locals.cspNonce) }));
  };

  // The query is read here: a link that does not work is a page saying so, not a JSON error.
  const page = { before: pageMiddleware, unparsed: ['query' as const] };

  route(router, operations.showUnsubscribePage, page, async (_input, req, res) => {
    const { token, claims, language } = await readLink(req);
    answerPage(res, language, claims ? { kind: 'confirm', token, type: claims.type } : { kind: 'invalid' });
  });

  // RFC 8058: a mail client posts `List-Unsubscribe=One-Click` without cookies; the page's button posts
  // its form. Either way the token alone decides; the body says nothing more.
  route(
    router,
    operations.unsubscribe,
    { before: pageMiddleware, unparsed: ['query', 'body'] },
    async (_input, req, res) => {
      const { token, claims, language } = await readLink(req);
      if (!claims) return answerPage(res, language, { kind: 'invalid' });
      await deps.preferences.set(claims.userId, [[claims.type, false]]);
      answerPage(res, language, { kind: 'done', token, type: claims.type });
    },
  );

  // Service to service only (the gateway never routes /internal): signed with the shared secret.
  router.post(INTERNAL_MAIL_PATH, async (req, res) => {
    const header = req.headers[INTERNAL_IDENTITY_HEADER];
    if (typeof header !== 'string' || !readInternalIdentity(header, deps.internalSecret))
      throw forbidden('Only the services may call this.');
    const request = internalMailRequestSchema.parse(req.body ?? {});
    res.status(202).json(await relayMail(deps.relay, request));
  });
}
