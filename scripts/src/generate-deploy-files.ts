import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { services } from '../../services.ts';
import { deployFiles, K8S_BASE } from './deploy-files.ts';
import { DECLARED_RETENTION_FILE, declaredRetentionFile } from './declared-retention.ts';

/**
 * Writes docker-compose.yml, the k8s/ manifests and the databases' init script from services.ts
 * (scripts/src/deploy-files.ts makes them), and identity's list of every service's declared retention
 * policies (scripts/src/declared-retention.ts), and deletes a base manifest no deployable makes any more.
 *
 *   npm run deploy:generate        (after adding, removing or changing an entry of services.ts)
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const version = (JSON.parse(read('package.json')) as { version: string }).version;

const files = deployFiles({ services, version, read });
files.set(DECLARED_RETENTION_FILE, await declaredRetentionFile(services));
const changed: string[] = [];
for (const [file, text] of files) {
  const target = path.join(repoRoot, file);
  if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
  writeFileSync(target, text);
  changed.push(`wrote ${file}`);
}
for (const name of readdirSync(path.join(repoRoot, K8S_BASE))) {
  const file = `${K8S_BASE}/${name}`;
  if (name.endsWith('.yaml') && !files.has(file)) {
    rmSync(path.join(repoRoot, file));
    changed.push(`deleted ${file}`);
  }
}
process.stdout.write(
  changed.length > 0 ? `${changed.join('\n')}\n` : 'the deployment files were up to date\n',
);
