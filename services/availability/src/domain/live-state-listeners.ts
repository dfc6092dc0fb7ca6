import type { LiveAvailabilityEvent } from '@laundry/contracts';
import type { LiveOutcome } from './live-state.ts';

/**
 * Told in this process, after the commit, whenever a laundromat's live summary changed (the same moments
 * availability.changed.v1 is written), with the state as stored and the event as published: where a live
 * stream's fan-out plugs in. Other replicas learn of the change from the event.
 */
export interface LiveStateListener {
  changed(laundromatId: string, outcome: LiveOutcome & { event: LiveAvailabilityEvent }): void;
}

/** Listeners added after start; one that throws is logged by its caller's logger and never fails a write. */
export function createLiveStateListeners(onError: (error: unknown) => void): LiveStateListener & {
  add(listener: LiveStateListener): () => void;
} {
  const listeners = new Set<LiveStateListener>();
  return {
    add(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed(laundromatId, outcome) {
      for (const listener of listeners) {
        try {
          listener.changed(laundromatId, outcome);
        } catch (error) {
          onError(error);
        }
      }
    },
  };
}
