import type { Request, Router } from 'express';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { currentUser, notFound, requireUser, signInternalIdentity } from '@laundry/platform';
import { idSchema, verificationDecisionRequestSchema } from '@laundry/contracts';
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
import { audited, auditContextOf } from '@laundry/platform/http';
import { currentAdmin } from '@laundry/platform/auth';

const statusQuery = z.object({
  status: z
    .enum(['pending', 'verified', 'rejected'], { error: 'Status must be pending, verified or rejected' })
    .default('pending'),
});

function verificationId(value: unknown): string {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw notFound(verificationNotFoundMessage);
  return parsed.data;
}

/** Answering while the client still sends makes it see a reset, not the answer: read the body to its end first. */
async function drain(req: Request): Promise<void> {
  if (req.readableEnded) return;
  await new Promise<void>((resolve) => {
    req.on('end', resolve);
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.resume();
  });
}

export function verificationRoutes(
  router: Router,
  deps: VerificationDeps & { internalSecret: string },
): void {
  // The photo service trusts what the gateway signed; this service signs the same person on, at once.
  const identityOf = (req: Request) => signInternalIdentity(req.user, deps.internalSecret, req.clientAddress);

  router.get('/api/advertisers/me/verification', requireUser, async (req, res) => {
    res.json(await latestVerification(deps, currentUser(req)));
  });

  router.post(
    '/api/advertisers/me/verification',
    requireUser,
    audited(
      deps,
      () => ({ action: 'verification.submit', resource: 'verification', resourceId: null }),
      async (req, res) => {
        const user = currentUser(req);
        try {
          await checkCanSubmit(deps, user);
        } catch (error) {
          await drain(req);
          throw error;
        }
        const upload = {
          body: Readable.toWeb(req) as unknown as AsyncIterable<Uint8Array>,
          contentType: req.get('content-type') ?? '',
          contentLength: req.get('content-length'),
        };
        res
          .status(201)
          .json(await submitVerification(deps, auditContextOf(req), user, upload, identityOf(req)));
      },
    ),
  );

  router.get('/api/advertisers/verifications/:id/document', requireUser, async (req, res) => {
    const document = await verificationDocument(
      deps,
      currentUser(req),
      verificationId(req.params.id),
      identityOf(req),
    );
    for (const header of [
      'content-type',
      'content-length',
      'content-disposition',
      'cache-control',
      'x-content-type-options',
    ]) {
      const value = document.headers.get(header);
      if (value) res.set(header, value);
    }
    Readable.fromWeb(document.body! as Parameters<typeof Readable.fromWeb>[0]).pipe(res);
  });

  router.get(
    '/api/admin/verifications',
    requireUser,
    audited(
      deps,
      () => ({ action: 'admin.verification.list', resource: 'verification', resourceId: null }),
      async (req, res) => {
        currentAdmin(req);
        res.json(await verificationQueue(deps, statusQuery.parse(req.query).status));
      },
    ),
  );

  router.post(
    '/api/admin/verifications/:id',
    requireUser,
    audited(
      deps,
      (req) => ({
        action: `verification.${typeof req.body?.decision === 'string' ? req.body.decision.slice(0, 40) : 'decide'}`,
        resource: 'verification',
        resourceId: typeof req.params.id === 'string' ? req.params.id.slice(0, 255) : null,
      }),
      async (req, res) => {
        const admin = currentAdmin(req);
        const id = verificationId(req.params.id);
        const decision = verificationDecisionRequestSchema.parse(req.body ?? {});
        res.json(await decideVerification(deps, auditContextOf(req), admin, id, decision));
      },
    ),
  );
}
