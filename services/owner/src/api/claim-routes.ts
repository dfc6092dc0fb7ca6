import type { Request, Router } from 'express';
import { currentUser, signInternalIdentity } from '@laundry/platform/auth';
import { notFound } from '@laundry/platform/errors';
import {
  auditContextOf,
  auditedRoute,
  drainRequest,
  requestLanguage,
  route,
  sendStoredDocument,
  supportedLanguage,
  uploadOf,
} from '@laundry/platform/http';
import { ownerOperations as operations } from '@laundry/contracts/operations';
import {
  checkCanSendDocument,
  claimByDocument,
  claimByEmail,
  claimDocument,
  claimNotFoundMessage,
  claimQueue,
  decideClaim,
  laundromatNotFoundMessage,
  ownLaundromats,
  releaseLaundromat,
  verifyClaimCode,
  type ClaimDeps,
} from '../domain/claims.ts';
import {
  acceptTransfer,
  cancelTransfer,
  incomingTransfer,
  startTransfer,
  transferNotFoundMessage,
} from '../domain/claim-transfers.ts';

/** A malformed id names nothing: answered like one that does not exist. */
const noClaim = () => notFound(claimNotFoundMessage);
const noLaundromat = () => notFound(laundromatNotFoundMessage);
const noTransfer = () => notFound(transferNotFoundMessage);

const idOf = (req: Request, name: string) =>
  typeof req.params[name] === 'string' ? req.params[name].slice(0, 255) : null;

export function claimRoutes(router: Router, deps: ClaimDeps & { internalSecret: string }): void {
  // The photo service trusts what the gateway signed; this service signs the same person on, at once.
  const identityOf = (req: Request) => signInternalIdentity(req.user, deps.internalSecret, req.clientAddress);
  // Every refused attempt of a signed-in person is in the audit log too (the successes are written in the
  // change's own transaction).
  const audited = (action: string, param: string) =>
    auditedRoute(deps, (req) => ({ action, resource: 'owner-claim', resourceId: idOf(req, param) }));

  route(
    router,
    operations.claimByEmail,
    { ...audited('claim.create', 'id'), invalidParams: noLaundromat },
    async ({ params, body }, req, res) => {
      const language = supportedLanguage(body.language) ?? requestLanguage(req) ?? 'en';
      const claim = await claimByEmail(
        deps,
        auditContextOf(req),
        currentUser(req),
        params.id,
        body,
        language,
      );
      res.status(201).json(claim);
    },
  );

  // The multipart body is streamed on to the photo service as it comes, never parsed here.
  route(
    router,
    operations.claimByDocument,
    { ...audited('claim.create', 'id'), invalidParams: noLaundromat, unparsed: ['body' as const] },
    async ({ params }, req, res) => {
      const user = currentUser(req);
      try {
        await checkCanSendDocument(deps, user, params.id);
      } catch (error) {
        await drainRequest(req);
        throw error;
      }
      const claim = await claimByDocument(
        deps,
        auditContextOf(req),
        user,
        params.id,
        uploadOf(req),
        identityOf(req),
      );
      res.status(201).json(claim);
    },
  );

  route(
    router,
    operations.verifyClaim,
    { ...audited('claim.verify', 'claimId'), invalidParams: noClaim },
    async ({ params, body }, req, res) => {
      res.json(await verifyClaimCode(deps, auditContextOf(req), currentUser(req), params.claimId, body.code));
    },
  );

  route(router, operations.getClaimDocument, { invalidParams: noClaim }, async ({ params }, req, res) => {
    sendStoredDocument(res, await claimDocument(deps, currentUser(req), params.claimId, identityOf(req)));
  });

  route(router, operations.listOwnLaundromats, async (_input, req, res) => {
    res.json(await ownLaundromats(deps, currentUser(req)));
  });

  route(
    router,
    operations.releaseLaundromat,
    { ...audited('claim.release', 'id'), invalidParams: noLaundromat },
    async ({ params }, req, res) => {
      await releaseLaundromat(deps, auditContextOf(req), currentUser(req), params.id);
      res.status(204).end();
    },
  );

  // A transfer's steps, refused ones included, are in the audit log under the laundromat (the owner's) or
  // the transfer (the recipient's).
  const auditedTransfer = (action: string, param: string) =>
    auditedRoute(deps, (req) => ({ action, resource: 'owner-claim-transfer', resourceId: idOf(req, param) }));

  route(
    router,
    operations.startTransfer,
    { ...auditedTransfer('claim.transfer.start', 'id'), invalidParams: noLaundromat },
    async ({ params, body }, req, res) => {
      const language = supportedLanguage(body.language) ?? requestLanguage(req) ?? 'en';
      const transfer = await startTransfer(
        deps,
        auditContextOf(req),
        currentUser(req),
        params.id,
        body,
        language,
      );
      res.status(201).json(transfer);
    },
  );

  route(
    router,
    operations.cancelTransfer,
    { ...auditedTransfer('claim.transfer.cancel', 'id'), invalidParams: noLaundromat },
    async ({ params }, req, res) => {
      await cancelTransfer(deps, auditContextOf(req), currentUser(req), params.id);
      res.status(204).end();
    },
  );

  route(router, operations.getTransfer, { invalidParams: noTransfer }, async ({ params }, req, res) => {
    res.json(await incomingTransfer(deps, currentUser(req), params.transferId));
  });

  route(
    router,
    operations.acceptTransfer,
    { ...auditedTransfer('claim.transfer.accept', 'transferId'), invalidParams: noTransfer },
    async ({ params }, req, res) => {
      res.json(await acceptTransfer(deps, auditContextOf(req), currentUser(req), params.transferId));
    },
  );

  route(
    router,
    operations.listClaimQueue,
    auditedRoute(deps, () => ({ action: 'admin.claim.list', resource: 'owner-claim', resourceId: null })),
    async ({ query }, _req, res) => {
      res.json(await claimQueue(deps, query.status));
    },
  );

  route(
    router,
    operations.decideClaim,
    {
      ...auditedRoute(deps, (req) => ({
        action: `claim.${typeof req.body?.decision === 'string' ? req.body.decision.slice(0, 40) : 'decide'}`,
        resource: 'owner-claim',
        resourceId: idOf(req, 'claimId'),
      })),
      invalidParams: noClaim,
    },
    async ({ params, body }, req, res) => {
      res.json(await decideClaim(deps, auditContextOf(req), currentUser(req), params.claimId, body));
    },
  );
}
