import type { QueryClient } from '@tanstack/react-query';
import type { LiveAvailabilityEvent } from '@laundry/contracts';
import { availabilityQueryKey, setLiveStreamOpen } from './live-connection.ts';
import {
  carriesLaundromats,
  createStreamHealth,
  parseLiveEvent,
  retryDelayMs,
  withLiveSummary,
} from './live-events.ts';

/** Opening waits this long for the set on show to settle (a new list renders in slices, a detail opens). */
const SETTLE_MS = 250;
/** A stream whose answer has not begun by then is taken as held back by a proxy. */
const OPEN_TIMEOUT_MS = 10_000;

/**
 * A stream replaced by one for another set stays open until its successor has opened (at most this long),
 * so a change in between, to a laundromat both follow, is not lost: a new stream cannot resume from the
 * old one's last event. A change heard twice is applied twice, to the same effect.
 */
const HANDOVER_MS = 3_000;
const retiring = new Set<EventSource>();

function retire(source: EventSource) {
  retiring.add(source);
  setTimeout(() => {
    source.close();
    retiring.delete(source);
  }, HANDOVER_MS);
}

function closeRetired() {
  for (const source of retiring) source.close();
  retiring.clear();
}

/** Stream failures in this page's life: each one waits longer before the stream is tried again. */
let failures = 0;
/** Until then the stream is not tried again (focus reads the state meanwhile). */
let retryAt = 0;
/** The id of the last event any of the page's streams received (see open()). */
let lastEventId: string | null = null;

/**
 * One change of a laundromat's live state into the caches the page reads: the lists' and markers' summary
 * is replaced in place (same staleness, so no list is fetched again for it), and the detail's full state
 * (reports, machines, confidence) is read again when a detail shows it.
 */
export function applyLiveEvent(client: QueryClient, event: LiveAvailabilityEvent): void {
  for (const query of client.getQueryCache().findAll({ predicate: (q) => carriesLaundromats(q.queryKey) })) {
    const data = query.state.data;
    if (data === undefined) continue;
    const updated = withLiveSummary(data, event.laundromatId, event.live);
    if (updated !== data)
      client.setQueryData(query.queryKey, updated, { updatedAt: query.state.dataUpdatedAt });
  }
  void client.invalidateQueries({ queryKey: availabilityQueryKey(event.laundromatId) });
}

/** The lists read again, for the badges, when the page comes back into view without a stream. */
function refreshListsOnReturn(client: QueryClient) {
  const refresh = () => {
    if (document.visibilityState !== 'visible') return;
    void client.invalidateQueries({
      predicate: (query) => carriesLaundromats(query.queryKey),
      refetchType: 'active',
    });
  };
  window.addEventListener('focus', refresh);
  return () => window.removeEventListener('focus', refresh);
}

/**
 * Follows `laundromatIds` over GET /api/live until the returned function is called. The browser reconnects
 * a dropped stream by itself and resumes from the last event; a stream refused, held back past
 * OPEN_TIMEOUT_MS or dropping again and again is closed, and until it is tried again later the page
 * falls back to reading the state on focus.
 */
export function followLive(client: QueryClient, laundromatIds: readonly string[]): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopFallback: (() => void) | null = null;
  let stopped = false;
  const health = createStreamHealth();

  const close = () => {
    clearTimeout(timer);
    source?.close();
    source = null;
    setLiveStreamOpen(false);
  };

  const fallBack = () => {
    close();
    failures += 1;
    retryAt = Date.now() + retryDelayMs(failures);
    stopFallback ??= refreshListsOnReturn(client);
    timer = setTimeout(open, retryAt - Date.now());
  };

  function open() {
    if (stopped) return;
    if (typeof EventSource === 'undefined') {
      stopFallback ??= refreshListsOnReturn(client);
      return;
    }
    const waiting = retryAt - Date.now();
    if (waiting > 0) {
      stopFallback ??= refreshListsOnReturn(client);
      timer = setTimeout(open, waiting);
      return;
    }
    // A stream for a new set resumes where the last one left off: a change made while the page was
    // switching streams still arrives (the browser's own Last-Event-ID covers only the same URL).
    const resume = lastEventId ? `&lastEventId=${encodeURIComponent(lastEventId)}` : '';
    const url = `/api/live?laundromats=${laundromatIds.map(encodeURIComponent).join(',')}${resume}`;
    const stream = new EventSource(url, { withCredentials: true });
    source = stream;
    timer = setTimeout(fallBack, OPEN_TIMEOUT_MS);
    stream.onopen = () => {
      clearTimeout(timer);
      closeRetired();
      setLiveStreamOpen(true);
      stopFallback?.();
      stopFallback = null;
    };
    stream.onerror = () => {
      setLiveStreamOpen(false);
      if (health.error(Date.now(), stream.readyState === EventSource.CLOSED) === 'fall-back') fallBack();
    };
    stream.addEventListener('availability', (message: MessageEvent<string>) => {
      health.event();
      failures = 0;
      if (message.lastEventId) lastEventId = message.lastEventId;
      const event = parseLiveEvent(message.data);
      if (event) applyLiveEvent(client, event);
    });
  }

  timer = setTimeout(open, SETTLE_MS);
  return () => {
    stopped = true;
    stopFallback?.();
    if (source !== null && source.readyState === EventSource.OPEN) {
      clearTimeout(timer);
      retire(source);
      source = null;
    } else close();
  };
}
