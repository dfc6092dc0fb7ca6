import type { Router } from 'express';
import { currentUser, requireRole, requireUser } from '@laundry/platform/auth';
import { notFound } from '@laundry/platform/errors';
import {
  createSuggestionRequestSchema,
  decideSuggestionRequestSchema,
  idSchema,
  listSuggestionsQuerySchema,
} from '@laundry/contracts';
import { listOwnSuggestions, suggestEdit, type SuggestDeps } from '../domain/suggestions/suggest-edit.ts';
import {
  decideSuggestion,
  listSuggestionQueue,
  type SuggestionDecisionDeps,
} from '../domain/suggestions/decide-suggestion.ts';
import { auditContext, laundromatId } from './laundromat-routes.ts';

/** 'Suggest an edit': a person's corrections, their own list, and the admins' queue and decisions. */
export function suggestionRoutes(router: Router, deps: SuggestDeps & SuggestionDecisionDeps): void {
  router.post('/api/laundromats/:id/suggestions', requireUser, async (req, res) => {
    const id = laundromatId(req.params);
    const input = createSuggestionRequestSchema.parse(req.body ?? {});
    res.status(201).json(await suggestEdit(deps, currentUser(req), id, input));
  });

  router.get('/api/suggestions/mine', requireUser, async (req, res) => {
    res.json(await listOwnSuggestions(deps.suggestions, currentUser(req)));
  });

  router.get('/api/admin/suggestions', requireRole('admin'), async (req, res) => {
    res.json(await listSuggestionQueue(deps, listSuggestionsQuerySchema.parse(req.query)));
  });

  router.post('/api/admin/suggestions/:id/decision', requireRole('admin'), async (req, res) => {
    const parsedId = idSchema.safeParse(req.params.id);
    if (!parsedId.success) throw notFound('Suggestion not found');
    const input = decideSuggestionRequestSchema.parse(req.body ?? {});
    res.json(await decideSuggestion(deps, currentUser(req), auditContext(req), parsedId.data, input));
  });
}
