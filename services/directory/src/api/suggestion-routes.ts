import type { Router } from 'express';
import { currentUser } from '@laundry/platform/auth';
import { notFound } from '@laundry/platform/errors';
import { route } from '@laundry/platform/http';
import { suggestionOperations as operations } from '@laundry/contracts/operations';
import { listOwnSuggestions, suggestEdit, type SuggestDeps } from '../domain/suggestions/suggest-edit.ts';
import {
  decideSuggestion,
  listOwnerSuggestions,
  listSuggestionQueue,
  type SuggestionDecisionDeps,
} from '../domain/suggestions/decide-suggestion.ts';
import { auditContext, invalidLaundromatId } from './laundromat-routes.ts';

/**
 * 'Suggest an edit': a person's corrections, their own list, the verified owner's list and decisions (the
 * owner has the first word on their laundromats), and the admins' queue and decisions.
 */
export function suggestionRoutes(router: Router, deps: SuggestDeps & SuggestionDecisionDeps): void {
  route(
    router,
    operations.suggestLaundromatEdit,
    { invalidParams: invalidLaundromatId },
    async ({ params, body }, req, res) => {
      res.status(201).json(await suggestEdit(deps, currentUser(req), params.id, body));
    },
  );

  route(router, operations.listOwnSuggestions, async (_input, req, res) => {
    res.json(await listOwnSuggestions(deps.suggestions, currentUser(req)));
  });

  route(router, operations.listSuggestionQueue, async ({ query }, _req, res) => {
    res.json(await listSuggestionQueue(deps, query));
  });

  route(
    router,
    operations.decideSuggestion,
    { invalidParams: () => notFound('Suggestion not found') },
    async ({ params, body }, req, res) => {
      res.json(await decideSuggestion(deps, currentUser(req), auditContext(req), params.id, body));
    },
  );

  route(router, operations.listOwnerSuggestions, async (_input, req, res) => {
    res.json(await listOwnerSuggestions(deps, currentUser(req)));
  });

  route(
    router,
    operations.decideOwnerSuggestion,
    { invalidParams: () => notFound('Suggestion not found') },
    async ({ params, body }, req, res) => {
      const decider = currentUser(req);
      res.json(
        await decideSuggestion(deps, decider, auditContext(req), params.id, body, new Date(), 'owner'),
      );
    },
  );
}
