import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@laundry/ui';
import type { CreateReviewRequest, Laundromat, ReviewListResponse } from '@laundry/contracts';
import { getJson, mutateJson, serverMessage } from '../api/http-client.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { patchLaundromatIn, ratingWithReview } from '../domain/rating-patch.ts';
import { useText } from '../shared/use-text.ts';

/**
 * One path element: by the key rule (docs/product.md, API calls) a second element not starting with '/' would
 * be a query string.
 */
export const reviewsQueryKey = (laundromatId: string) =>
  [`/api/laundromats/${encodeURIComponent(laundromatId)}/reviews`] as const;

/** GET /api/laundromats/{id}/reviews (docs/product.md, API calls). */
export function useReviews(laundromatId: string) {
  const key = reviewsQueryKey(laundromatId);
  return useQuery({
    queryKey: key,
    queryFn: async () => (await getJson<ReviewListResponse>(key)).data ?? [],
    retry: false,
  });
}

/**
 * POST a review with its toasts (docs/product.md, Errors); the list is fetched again after success, and every
 * cached answer that shows the laundromat (the detail, its card, its map popup, a favourite) takes its new
 * rating and count.
 */
export function useSubmitReview(
  laundromat: Pick<Laundromat, 'id' | 'averageRating' | 'totalReviews'>,
  onDone: () => void,
) {
  const laundromatId = laundromat.id;
  const { t } = useText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateReviewRequest) =>
      mutateJson('POST', `/api/laundromats/${laundromatId}/reviews`, request),
    onSuccess: (_created, request) => {
      const rating = ratingWithReview(laundromat, request.overallRating);
      queryClient.setQueriesData({}, (data: unknown) => patchLaundromatIn(data, laundromatId, rating));
      toast({
        title: `${t('messages.reviews.submittedTitle')}: ${t('messages.reviews.submittedText')}`,
        variant: 'success',
      });
      void queryClient.invalidateQueries({ queryKey: reviewsQueryKey(laundromatId) });
      onDone();
    },
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      const message = serverMessage(error);
      toast({
        title: t('messages.reviews.submitFailed'),
        ...(message ? { description: message } : {}),
        variant: 'destructive',
      });
    },
  });
}
