import type { Router } from 'express';
import { currentUser, notFound } from '@laundry/platform';
import { adOperations as operations } from '@laundry/contracts/operations';
import { route } from '@laundry/platform/http';
import type { Db } from '@laundry/platform/db';
import {
  dismissNotice,
  listNotices,
  noticeNotFoundMessage,
  type NoticeStore,
} from '../domain/advertiser-notices.ts';
import type { TeamStore } from '../domain/team-store.ts';

/** The dashboard's notices: the owner's, or the account's that a colleague's role covers. */
export function noticeRoutes(router: Router, deps: { db: Db; notices: NoticeStore; team: TeamStore }): void {
  route(router, operations.listAdvertiserNotices, async (_input, req, res) => {
    res.json({ notices: await listNotices(deps, currentUser(req).id) });
  });

  route(
    router,
    operations.dismissAdvertiserNotice,
    { invalidParams: () => notFound(noticeNotFoundMessage) },
    async ({ params }, req, res) => {
      await dismissNotice(deps, currentUser(req).id, params.noticeId);
      res.status(204).end();
    },
  );
}
