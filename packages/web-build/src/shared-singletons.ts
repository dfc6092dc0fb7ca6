import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { moduleFederationPlugin } from '@module-federation/enhanced';

const singletonPackages = [
  'react',
  'react-dom',
  'react-router',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
  // The design system holds the toast store and the i18n set-up: one copy, owned by the shell.
  '@laundry/ui',
] as const;

/**
 * Shared packages provided as a trimmed module of ours instead of the package's own entry: a shared
 * module keeps every export, and these packages are mostly what no page here uses. The trimmed module
 * imports the real package under the alias below, which the federation does not intercept.
 */
const trimmed: Partial<Record<(typeof singletonPackages)[number], { module: string; alias: string }>> = {
  'react-router': {
    module: fileURLToPath(new URL('./trimmed/react-router.ts', import.meta.url)),
    alias: 'react-router-package',
  },
};

const require = createRequire(import.meta.url);

/**
 * webpack aliases: the package's name leads to the trimmed module, and the trimmed module reaches the real
 * package (its ES module entry) under another name.
 */
export const sharedModuleAliases: Record<string, string> = Object.fromEntries(
  Object.entries(trimmed).flatMap(([name, { module, alias }]) => [
    [`${name}$`, module],
    [`${alias}$`, fileURLToPath(import.meta.resolve(name))],
  ]),
);

/**
 * Shared singletons, each with the version range the app's own package.json asks for. `eager` is for the
 * host: its copies go into its entry script instead of a script each, loaded on demand, and it asks for no
 * range, since the singletons it uses are its own, loaded first. A range would only have the federation
 * runtime parse it against the host's own version at every start (a tenth of the start-up task on a slow
 * phone); the remotes keep theirs, so a host too old for a remote is still reported.
 */
export function sharedSingletons(
  dependencies: Record<string, string>,
  { eager = false }: { eager?: boolean } = {},
): moduleFederationPlugin.SharedObject {
  const shared: moduleFederationPlugin.SharedObject = {};
  for (const name of singletonPackages) {
    const range = dependencies[name];
    if (!range) throw new Error(`package.json must list ${name} to share it`);
    const requiredVersion = eager ? false : range;
    const trim = trimmed[name];
    shared[name] = trim
      ? {
          singleton: true,
          eager,
          requiredVersion,
          version: (require(`${name}/package.json`) as { version: string }).version,
        }
      : { singleton: true, eager, requiredVersion };
  }
  return shared;
}
