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

/** Shared singletons, each with the version range the app's own package.json asks for. */
export function sharedSingletons(dependencies: Record<string, string>): moduleFederationPlugin.SharedObject {
  const shared: moduleFederationPlugin.SharedObject = {};
  for (const name of singletonPackages) {
    const requiredVersion = dependencies[name];
    if (!requiredVersion) throw new Error(`package.json must list ${name} to share it`);
    shared[name] = { singleton: true, requiredVersion };
  }
  return shared;
}
