import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@laundry/ui';
import { errorDetail, errorText, isSignedOutError } from '../domain/admin-errors.ts';
import type { DecisionBody, DecisionKind } from '../domain/decisions.ts';
import { postJson } from '../api/admin-http.ts';
import { adminKey } from '../api/admin-queries.ts';
import { useAdminText } from './use-admin-text.ts';

/**
 * After the signed-out toast, the sign-in page half a second later, coming back here
 * (docs/product.md, Errors).
 */
const signInDelayMs = 500;

export function redirectToSignIn(): void {
  const here = `${window.location.pathname}${window.location.search}`;
  setTimeout(() => window.location.assign(`/api/login?returnTo=${encodeURIComponent(here)}`), signInDelayMs);
}

export interface Decision {
  kind: DecisionKind;
  url: string;
  body: DecisionBody;
  /** Named in the toast. */
  subject: string;
}

/**
 * Sends an admin's decision; on success says so and refreshes every console query (the lists and the
 * overview's counts), on failure says why (a 409 means someone decided first, so the lists refresh too).
 */
export function useDecision(onDone?: () => void) {
  const { t, text } = useAdminText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) => postJson<unknown>(decision.url, decision.body),
    onSuccess: (_answer, decision) => {
      toast({
        title: t(`decision.${decision.kind}.done`),
        description: decision.subject,
        variant: 'success',
      });
      void queryClient.invalidateQueries({ queryKey: [adminKey] });
      onDone?.();
    },
    onError: (error) => {
      const detail = errorDetail(error);
      toast({
        title: t('decision.failed'),
        description: detail ? `${text(errorText(error))} ${detail}` : text(errorText(error)),
        variant: 'destructive',
      });
      if (isSignedOutError(error)) redirectToSignIn();
      else void queryClient.invalidateQueries({ queryKey: [adminKey] });
    },
  });
}
