import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createModuleFederationConfig } from '@module-federation/enhanced';
import { sharedSingletons } from '@laundry/web-build';
import packageJson from './package.json' with { type: 'json' };

const dir = path.dirname(fileURLToPath(import.meta.url));

export default createModuleFederationConfig({
  name: 'shell',
  // Same-origin paths: the gateway serves each remote's dist/ under its own prefix.
  remotes: {
    mf_finder: 'mf_finder@/mf-finder/remoteEntry.js',
    mf_advertiser: 'mf_advertiser@/mf-advertiser/remoteEntry.js',
    // Asked for only when the signed-in person is an admin (admin-access.ts).
    mf_admin: 'mf_admin@/mf-admin/remoteEntry.js',
  },
  shared: sharedSingletons(packageJson.dependencies, { eager: true }),
  // Fetch a remote's entry when one of its pages is needed, not every remote at start-up.
  shareStrategy: 'loaded-first',
  runtimePlugins: [
    // The entries above are defaults: the page's remotes manifest (served by the gateway) overrides them.
    path.join(dir, 'src/federation/remotes-manifest-plugin.ts'),
    path.join(dir, 'src/federation/remote-fallback-plugin.ts'),
  ],
});
