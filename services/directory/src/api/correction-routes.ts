import type { Router } from 'express';
import { currentUser } from '@laundry/platform/auth';
import { route } from '@laundry/platform/http';
import { laundromatCorrectionOperations as operations } from '@laundry/contracts/operations';
import {
  laundromatHistory,
  laundromatUpstream,
  mergeLaundromats,
  takeUpstreamValue,
  type CorrectionsDeps,
} from '../domain/corrections/corrections.ts';
import { auditContext, invalidLaundromatId as invalidParams } from './laundromat-routes.ts';

/** A laundromat's public history, and the admins' upstream values and merges of duplicates. */
export function correctionRoutes(router: Router, deps: CorrectionsDeps): void {
  route(router, operations.getLaundromatHistory, { invalidParams }, async ({ params, query }, _req, res) => {
    res.json(await laundromatHistory(deps.corrections, params.id, query));
  });

  route(router, operations.getLaundromatUpstream, { invalidParams }, async ({ params }, _req, res) => {
    res.json(await laundromatUpstream(deps, params.id));
  });

  route(router, operations.takeUpstreamValue, { invalidParams }, async ({ params, body }, req, res) => {
    res.json(await takeUpstreamValue(deps, currentUser(req), auditContext(req), params.id, body.field));
  });

  route(router, operations.mergeLaundromats, async ({ body }, req, res) => {
    res.json(await mergeLaundromats(deps, currentUser(req), auditContext(req), body));
  });
}
