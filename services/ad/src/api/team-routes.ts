import type { Request, Router } from 'express';
import { currentUser, notFound } from '@laundry/platform';
import {
  auditContextOf,
  auditedRoute,
  requestLanguage,
  route,
  supportedLanguage,
} from '@laundry/platform/http';
import { adTeamOperations as operations } from '@laundry/contracts/operations';
import {
  acceptInvitation,
  cancelInvitation,
  changeMemberRole,
  invitationNotFoundMessage,
  inviteMember,
  memberNotFoundMessage,
  removeMember,
  teamOf,
  type TeamDeps,
} from '../domain/team.ts';
import { finderOrigin } from './promotion-routes.ts';

const idOf = (req: Request, name: string) =>
  typeof req.params[name] === 'string' ? req.params[name].slice(0, 255) : null;

/** The owner's Team page, and the invitation's link for the person invited. */
export function teamRoutes(router: Router, deps: TeamDeps & { publicUrl?: string | undefined }): void {
  const audited = (action: string, resource: string, param?: string) =>
    auditedRoute(deps, (req) => ({ action, resource, resourceId: param ? idOf(req, param) : null }));
  // The portal's Team page, where the link's secret is taken up (at the finder's public address).
  const linkFor = (req: Request) => (token: string) =>
    `${deps.publicUrl ?? finderOrigin(req)}/advertiser/team?invitation=${token}`;

  route(router, operations.getMyTeam, async (_input, req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await teamOf(deps, currentUser(req)));
  });

  route(
    router,
    operations.inviteTeamMember,
    audited('team.invite', 'team-invitation'),
    async ({ body }, req, res) => {
      const language = supportedLanguage(body.language) ?? requestLanguage(req) ?? 'en';
      const invitation = await inviteMember(deps, auditContextOf(req), currentUser(req), body, {
        language,
        link: linkFor(req),
      });
      res.status(201).json(invitation);
    },
  );

  route(
    router,
    operations.cancelTeamInvitation,
    {
      ...audited('team.invitation-withdraw', 'team-invitation', 'id'),
      invalidParams: () => notFound(invitationNotFoundMessage),
    },
    async ({ params }, req, res) => {
      await cancelInvitation(deps, auditContextOf(req), currentUser(req), params.id);
      res.status(204).end();
    },
  );

  route(
    router,
    operations.changeTeamMemberRole,
    {
      ...audited('team.role-change', 'team-member', 'userId'),
      invalidParams: () => notFound(memberNotFoundMessage),
    },
    async ({ params, body }, req, res) => {
      res.json(await changeMemberRole(deps, auditContextOf(req), currentUser(req), params.userId, body));
    },
  );

  route(
    router,
    operations.removeTeamMember,
    {
      ...audited('team.remove', 'team-member', 'userId'),
      invalidParams: () => notFound(memberNotFoundMessage),
    },
    async ({ params }, req, res) => {
      await removeMember(deps, auditContextOf(req), currentUser(req), params.userId);
      res.status(204).end();
    },
  );

  route(
    router,
    operations.acceptTeamInvitation,
    audited('team.accept', 'team-member'),
    async ({ body }, req, res) => {
      res.json(await acceptInvitation(deps, auditContextOf(req), currentUser(req), body.token));
    },
  );
}
