import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** The data block the gateway writes into the page (gateway/src/remotes-manifest.ts). */
export const REMOTES_ELEMENT_ID = 'lf-remotes';

/** A remote's federation name (mf_finder) to the URL of the remoteEntry.js to load, with its version. */
export type RemotesManifest = Record<string, string>;

/** The manifest the page carries; none (a page not served by the gateway) keeps the built-in entries. */
export function readRemotesManifest(doc: Pick<Document, 'getElementById'> | undefined): RemotesManifest {
  const text = doc?.getElementById(REMOTES_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
    );
  } catch {
    return {};
  }
}

interface RemoteOption {
  name: string;
  entry?: string;
}

/** Each remote the manifest names gets its entry URL from there; the others keep theirs. */
export function withManifestEntries<T extends RemoteOption>(remotes: T[], manifest: RemotesManifest): T[] {
  return remotes.map((remote) => {
    const entry = manifest[remote.name];
    return entry && 'entry' in remote ? { ...remote, entry } : remote;
  });
}

/**
 * Which build of each remote loads is decided at run time by the gateway's manifest, not when the shell
 * is built: a remote rebuilt or deployed alone is picked up at the next page load, and its versioned
 * entry URL is never served from a stale HTTP cache. Applied before the runtime registers any remote.
 */
export default function remotesManifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'laundry-remotes-manifest',
    beforeInit(args) {
      const manifest = readRemotesManifest(typeof document === 'undefined' ? undefined : document);
      if (Object.keys(manifest).length === 0 || !args.userOptions.remotes) return args;
      return {
        ...args,
        userOptions: {
          ...args.userOptions,
          remotes: withManifestEntries(args.userOptions.remotes as RemoteOption[], manifest) as never,
        },
      };
    },
  };
}
