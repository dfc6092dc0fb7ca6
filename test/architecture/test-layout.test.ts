import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every service keeps its tests in the same four folders, so a reader knows where to look in any of them:
// api/ (over HTTP: the service's routes, or an adapter against a stand-in server), consumers/ (event handlers
// and job workers), domain/ (rules and adapters in-process) and support/ (stacks, helpers, fixtures; no tests).

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const servicesDir = join(repoRoot, 'services');
const allowed = ['api', 'consumers', 'domain', 'support'];

const services = readdirSync(servicesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('test layout', () => {
  it.each(services)('%s: its tests are only in test/{api,consumers,domain,support}', (service) => {
    const testDir = join(servicesDir, service, 'test');
    if (!existsSync(testDir)) return;
    const misplaced = readdirSync(testDir, { withFileTypes: true })
      .filter((entry) => !(entry.isDirectory() && allowed.includes(entry.name)))
      .map((entry) => `services/${service}/test/${entry.name}${entry.isDirectory() ? '/' : ''}`);
    expect(misplaced, `move these into test/${allowed.join(', test/')}:\n${misplaced.join('\n')}`).toEqual(
      [],
    );
  });

  it.each(services)('%s: test/support holds helpers, not tests', (service) => {
    const supportDir = join(servicesDir, service, 'test', 'support');
    if (!existsSync(supportDir)) return;
    const tests = readdirSync(supportDir, { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.test.ts'),
    );
    expect(tests, 'a test in support/ belongs in api/, consumers/ or domain/').toEqual([]);
  });
});
