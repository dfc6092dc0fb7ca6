import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@laundry/ui';
import type { AvailabilityResponse, CreateAvailabilityReportRequest } from '@laundry/contracts';
import { getJson, mutateJson, serverMessage } from '../api/http-client.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { useText } from '../shared/use-text.ts';
import { availabilityQueryKey, liveStreamOpen } from './live-connection.ts';
import type { ReportRequest } from './report-form.ts';

export { availabilityQueryKey } from './live-connection.ts';

export function useAvailability(laundromatId: string) {
  const key = availabilityQueryKey(laundromatId);
  return useQuery({
    queryKey: key,
    queryFn: async () => (await getJson<AvailabilityResponse>(key)).data,
    retry: false,
    // The live stream brings every change while it is open; without it (a proxy that buffers it, or before
    // it opens) the state is read again whenever the person comes back to the page.
    refetchOnWindowFocus: () => (liveStreamOpen() ? false : 'always'),
    staleTime: 30_000,
  });
}

/** The lists and markers carry the directory's live summary: read them again after a report or a vote. */
function refreshLive(queryClient: QueryClient, laundromatId: string): void {
  void queryClient.invalidateQueries({ queryKey: availabilityQueryKey(laundromatId) });
  void queryClient.invalidateQueries({
    predicate: (query) => {
      const first = query.queryKey[0];
      return (
        typeof first === 'string' && first.startsWith('/api/laundromats') && !first.includes('/availability')
      );
    },
  });
}

/**
 * The device's position for 'I'm here', when the person allows it: the service only keeps how far away the
 * report was sent from. No answer in a few seconds (or a refusal) sends the report without it.
 */
function devicePosition(): Promise<CreateAvailabilityReportRequest['position'] | undefined> {
  if (!('geolocation' in navigator)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracyMeters: Math.min(100_000, Math.max(0, position.coords.accuracy)),
        }),
      () => resolve(undefined),
      { enableHighAccuracy: true, timeout: 5_000, maximumAge: 60_000 },
    );
  });
}

/** '429: …' → 429, for the messages a person can act on. */
function statusOf(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}):/.exec(error.message);
  return match ? Number(match[1]) : null;
}

export function useSendReport(laundromatId: string, onDone: () => void) {
  const { t } = useText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, withPosition }: { request: ReportRequest; withPosition: boolean }) => {
      const position = withPosition ? await devicePosition() : undefined;
      return mutateJson('POST', `/api/laundromats/${laundromatId}/availability/reports`, {
        ...request,
        ...(position ? { position } : {}),
      });
    },
    onSuccess: () => {
      toast({ title: t('live.sent'), variant: 'success' });
      refreshLive(queryClient, laundromatId);
      onDone();
    },
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      const status = statusOf(error);
      const message = serverMessage(error);
      const description =
        status === 429
          ? t('live.errors.tooSoon')
          : status === 400 && message
            ? t('live.errors.badCounts', { message })
            : message
              ? t('live.errors.server', { message })
              : undefined;
      toast({ title: t('live.failed'), ...(description ? { description } : {}), variant: 'destructive' });
    },
  });
}

export function useConfirmReport(laundromatId: string) {
  const { t } = useText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, agree }: { reportId: string; agree: boolean }) =>
      mutateJson(
        'POST',
        `/api/laundromats/${laundromatId}/availability/reports/${encodeURIComponent(reportId)}/confirmations`,
        { agree },
      ),
    onSuccess: (_answer, { agree }) => {
      toast({ title: t(agree ? 'live.confirmed' : 'live.disputed'), variant: 'success' });
      refreshLive(queryClient, laundromatId);
    },
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      const message = serverMessage(error);
      toast({
        title: t('live.voteFailed'),
        ...(message ? { description: t('live.errors.server', { message }) } : {}),
        variant: 'destructive',
      });
    },
  });
}
