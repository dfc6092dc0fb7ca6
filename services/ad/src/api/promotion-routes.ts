import type { Request, Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { currentUser } from '@laundry/platform/auth';
import { auditContextOf, auditedRoute, route } from '@laundry/platform/http';
import { adPromotionOperations as operations } from '@laundry/contracts/operations';
import { promoteLaundromat, type PromotionDeps } from '../domain/promotion.ts';
import { recordConversion, type ConversionDeps } from '../domain/delivery/ad-conversions.ts';

const first = (value: string | undefined) => value?.split(',')[0]?.trim() || undefined;

/**
 * The finder's origin as the owner's browser addressed it, where PUBLIC_URL is not set: what the gateway
 * forwards, or the Host it was reached at. The client writes these headers, so such a landing page is
 * reviewed like any other link (promotion.ts).
 */
export function finderOrigin(req: Request): string {
  const proto = first(req.get('x-forwarded-proto')) ?? req.protocol;
  const host = first(req.get('x-forwarded-host')) ?? req.get('host') ?? 'localhost';
  return new URL(`${proto === 'https' ? 'https' : 'http'}://${host}`).origin;
}

export function promotionRoutes(
  router: Router,
  deps: PromotionDeps & ConversionDeps & { publicUrl?: string | undefined },
): void {
  route(
    router,
    operations.promoteLaundromat,
    {
      invalidParams: () => notFound('Laundromat not found'),
      ...auditedRoute(deps, (req) => ({
        action: 'campaign.create',
        resource: 'laundromat',
        resourceId: String(req.params.id),
      })),
    },
    async ({ params }, req, res) => {
      const campaign = await promoteLaundromat(
        deps,
        auditContextOf(req),
        currentUser(req),
        params.id,
        deps.publicUrl
          ? { origin: deps.publicUrl, trusted: true }
          : { origin: finderOrigin(req), trusted: false },
      );
      res.status(201).json(campaign);
    },
  );

  route(router, operations.recordAdConversion, async ({ body }, _req, res) => {
    await recordConversion(deps, body);
    res.status(202).json({ accepted: true });
  });
}
