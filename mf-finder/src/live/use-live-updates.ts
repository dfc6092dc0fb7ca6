import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { followedKey } from './followed-key.ts';

/**
 * Follows the live state of the laundromats on show (the list, the map, an open detail) over one stream,
 * reopened when the set changes and closed when there is none. The stream's code is fetched after the
 * first render, so the first load carries only this hook.
 */
export function useLiveUpdates(ids: readonly (string | null | undefined)[]): void {
  const queryClient = useQueryClient();
  const key = followedKey(ids);
  useEffect(() => {
    if (key === '') return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./live-stream.ts').then(({ followLive }) => {
      if (!cancelled) stop = followLive(queryClient, key.split(','));
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, key]);
}
