import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { remotes } from './built-files.ts';

/** A remote's federation name (mf_finder) to the URL of its remoteEntry.js, with its version. */
export type RemotesManifest = Record<string, string>;

/** The element of the served page that carries the manifest, so the shell needs no extra round trip. */
export const REMOTES_ELEMENT_ID = 'lf-remotes';

interface EntryVersion {
  mtimeMs: number;
  size: number;
  version: string;
}

/**
 * Which build of each remote the shell loads, read at run time: each remote's remoteEntry.js URL carries
 * the first 12 hex digits of its SHA-256, so a remote rebuilt or deployed alone reaches the next page
 * load without a new shell. A file given by REMOTES_MANIFEST (name to URL) overrides the entries it names,
 * for a remote served from elsewhere.
 */
export function remotesManifest(staticRoot: string, overrideFile?: string): () => RemotesManifest {
  const versions = new Map<string, EntryVersion>();
  const versionOf = (file: string): string | undefined => {
    try {
      const { mtimeMs, size } = statSync(file);
      const known = versions.get(file);
      if (known && known.mtimeMs === mtimeMs && known.size === size) return known.version;
      const version = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
      versions.set(file, { mtimeMs, size, version });
      return version;
    } catch {
      return undefined;
    }
  };
  return () => {
    const manifest: RemotesManifest = {};
    for (const remote of remotes) {
      const version = versionOf(path.resolve(staticRoot, remote, 'dist', 'remoteEntry.js'));
      if (version) manifest[remote.replaceAll('-', '_')] = `/${remote}/remoteEntry.js?v=${version}`;
    }
    if (overrideFile)
      Object.assign(manifest, JSON.parse(readFileSync(overrideFile, 'utf8')) as RemotesManifest);
    return manifest;
  };
}

/** The manifest as a JSON data block before </head>: not a script that runs, so no CSP hash is needed. */
export function withRemotesManifest(page: string, manifest: RemotesManifest): string {
  if (Object.keys(manifest).length === 0) return page;
  const json = JSON.stringify(manifest).replaceAll('<', '\\u003c');
  const block = `<script type="application/json" id="${REMOTES_ELEMENT_ID}">${json}</script>`;
  return page.includes('</head>') ? page.replace('</head>', () => `${block}</head>`) : `${block}${page}`;
}
