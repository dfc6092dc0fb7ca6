import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Campaign } from '@laundry/contracts';
import { toast } from '@laundry/ui';
import { request } from '../api/http.ts';
import { refreshCampaigns } from '../api/queries.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { useText } from '../components/use-text.ts';

/** Duplicate: POST /api/campaigns/{id}/duplicate makes a draft copy, opened in the edit page. */
export function useDuplicate() {
  const { t, failure } = useText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (id: string) =>
      request<Campaign>('POST', `/api/campaigns/${encodeURIComponent(id)}/duplicate`),
    onSuccess: (copy) => {
      toast({ title: t('dashboard.campaigns.duplicated'), variant: 'success' });
      refreshCampaigns(queryClient, copy.id);
      void navigate(`/campaigns/${copy.id}/edit`);
    },
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      toast({
        title: t('dashboard.campaigns.duplicateFailed'),
        description: failure(error),
        variant: 'destructive',
      });
    },
  });
}
