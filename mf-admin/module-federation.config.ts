import { createModuleFederationConfig } from '@module-federation/enhanced';
import { sharedSingletons } from '@laundry/web-build';
import packageJson from './package.json' with { type: 'json' };

export default createModuleFederationConfig({
  name: 'mf_admin',
  filename: 'remoteEntry.js',
  exposes: { './routes': './src/routes.ts' },
  shared: sharedSingletons(packageJson.dependencies),
});
