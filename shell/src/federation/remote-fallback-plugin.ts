import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marks the module a failed remote resolves to, so the shell can show its Retry fallback. */
export const REMOTE_UNAVAILABLE = Symbol.for('laundry.remote-unavailable');

export interface UnavailableRemoteModule {
  [REMOTE_UNAVAILABLE]: true;
  remote: string;
  error: unknown;
}

export function isUnavailableRemote(module: unknown): module is UnavailableRemoteModule {
  return typeof module === 'object' && module !== null && REMOTE_UNAVAILABLE in module;
}

/**
 * A remote whose entry or module fails to load resolves to a marker instead of rejecting deep in the
 * federation runtime; RemotePage turns the marker into the fallback with Retry.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'laundry-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad' && lifecycle !== 'afterResolve') return undefined;
      console.error(`Remote module ${id} failed to load`, error);
      const unavailable: UnavailableRemoteModule = { [REMOTE_UNAVAILABLE]: true, remote: id, error };
      return unavailable;
    },
  };
}
