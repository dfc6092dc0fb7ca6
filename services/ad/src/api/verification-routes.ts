import type { Request, Router } from 'express';
import { currentUser, notFound, signInternalIdentity } from '@laundry/platform';
import { adOperations as operations } from '@laundry/contracts/operations';
import {
  checkCanSubmit,
  decideVerification,
  latestVerification,
  submitVerification,
  verificationDocument,
  verificationNotFoundMessage,
  verificationQueue,
  type VerificationDeps,
} from '../domain/verification.ts';
import {
  auditContextOf,
  auditedRoute,
  drainRequest,
  route,
  sendStoredDocument,
  uploadOf,
} from '@laundry/platform/http';

/** A malformed id names no verification: answered like one that does not exist. */
const invalidParams = () => notFound(verificationNotFoundMessage);

export function verificationRoutes(
  router: Router,
  deps: VerificationDeps & { internalSecret: string },
): void {
  // The photo service trusts what the gateway signed; this service signs the same person on, at once.
  const identityOf = (req: Request) => signInternalIdentity(req.user, deps.internalSecret, req.clientAddress);

  const auditedAs = (describe: Parameters<typeof auditedRoute>[1]) => auditedRoute(deps, describe);

  route(router, operations.getMyVerification, async (_input, req, res) => {
    res.json(await latestVerification(deps, currentUser(req)));
  });

  // The multipart body is streamed on to the photo service as it comes, never parsed here.
  const submission = {
    ...auditedAs(() => ({ action: 'verification.submit', resource: 'verification', resourceId: null })),
    unparsed: ['body' as const],
  };
  route(router, operations.submitVerification, submission, async (_input, req, res) => {
    const user = currentUser(req);
    try {
      await checkCanSubmit(deps, user);
    } catch (error) {
      await drainRequest(req);
      throw error;
    }
    res
      .status(201)
      .json(await submitVerification(deps, auditContextOf(req), user, uploadOf(req), identityOf(req)));
  });

  route(router, operations.getVerificationDocument, { invalidParams }, async ({ params }, req, res) => {
    const document = await verificationDocument(deps, currentUser(req), params.id, identityOf(req));
    sendStoredDocument(res, document);
  });

  route(
    router,
    operations.listVerificationQueue,
    auditedAs(() => ({ action: 'admin.verification.list', resource: 'verification', resourceId: null })),
    async ({ query }, _req, res) => {
      res.json(await verificationQueue(deps, query.status));
    },
  );

  const decision = auditedAs((req) => ({
    action: `verification.${typeof req.body?.decision === 'string' ? req.body.decision.slice(0, 40) : 'decide'}`,
    resource: 'verification',
    resourceId: typeof req.params.id === 'string' ? req.params.id.slice(0, 255) : null,
  }));
  route(
    router,
    operations.decideVerification,
    { ...decision, invalidParams },
    async ({ params, body }, req, res) => {
      res.json(await decideVerification(deps, auditContextOf(req), currentUser(req), params.id, body));
    },
  );
}
