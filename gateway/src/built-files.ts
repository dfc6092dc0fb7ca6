import path from 'node:path';

/** The front-end apps served under a prefix of their own; the shell is served at the root. */
export const remotes = ['mf-finder', 'mf-advertiser', 'mf-admin'] as const;

/** Where a URL path of the front end lies in the build: a remote's dist under its prefix, else the shell's. */
export function builtFilePath(staticRoot: string, urlPath: string): string {
  const [first, ...rest] = urlPath.replace(/^\//, '').split('/');
  const remote = remotes.find((name) => name === first);
  return remote && rest.length > 0
    ? path.resolve(staticRoot, remote, 'dist', ...rest)
    : path.resolve(staticRoot, 'shell/dist', urlPath.replace(/^\//, ''));
}
