import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// One direction between a service's folders: infra/, api/ and consumers/ may import domain/, domain/ imports
// none of them. What the domain needs from a database, a disk or a library it declares as an interface of its
// own (domain/*-store.ts, photo's domain/images.ts); infra implements it and app.ts passes it in.

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const servicesDir = join(repoRoot, 'services');
const forbiddenFromDomain = ['infra', 'api', 'consumers'];

/** Every module specifier in the text, with its 1-based line: import/export … from, bare import, import(), require(). */
function importsOf(source: string): { line: number; specifier: string }[] {
  const found: { line: number; specifier: string }[] = [];
  const pattern =
    /\bfrom\s*(['"])([^'"]+)\1|^\s*import\s*(['"])([^'"]+)\3|\bimport\s*\(\s*(['"])([^'"]+)\5\s*\)|\brequire\s*\(\s*(['"])([^'"]+)\7\s*\)/gm;
  for (const match of source.matchAll(pattern)) {
    const specifier = match[2] ?? match[4] ?? match[6] ?? match[8]!;
    const line = source.slice(0, match.index).split('\n').length;
    found.push({ line, specifier });
  }
  return found;
}

/**
 * The layer of the service (its src/ folder's first segment) a relative specifier lands in, or undefined for a
 * package or a path outside the service's src/.
 */
function layerOf(fromFile: string, specifier: string, serviceSrc: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = relative(serviceSrc, resolve(dirname(fromFile), specifier));
  if (target.startsWith('..')) return undefined;
  return target.split(sep)[0];
}

function tsFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

const services = readdirSync(servicesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(servicesDir, entry.name, 'src', 'domain')))
  .map((entry) => entry.name);

describe('layers', () => {
  it('finds the domain folders of the services', () => {
    expect(services.length).toBeGreaterThan(0);
    for (const service of services)
      expect(tsFilesUnder(join(servicesDir, service, 'src', 'domain')).length).toBeGreaterThan(0);
  });

  /** Where a folder's files import a forbidden layer: `file:line imports '…'`. */
  function violations(service: string, from: string, forbidden: string[]): string[] {
    const serviceSrc = join(servicesDir, service, 'src');
    const found: string[] = [];
    for (const file of tsFilesUnder(join(serviceSrc, from))) {
      for (const { line, specifier } of importsOf(readFileSync(file, 'utf8'))) {
        const layer = layerOf(file, specifier, serviceSrc);
        const named = forbidden.some((folder) => specifier.includes(`/${folder}/`));
        if (named || (layer && forbidden.includes(layer))) {
          found.push(`${relative(repoRoot, file)}:${line} imports '${specifier}'`);
        }
      }
    }
    return found;
  }

  it.each(services)('%s: the domain imports neither infra, api nor consumers', (service) => {
    const found = violations(service, 'domain', forbiddenFromDomain);
    expect(found, `domain/ must not import infra/, api/ or consumers/:\n${found.join('\n')}`).toEqual([]);
  });

  // Consumers map an event to a use case; the repositories they use reach them through app.ts.
  it.each(services)('%s: the event handlers import neither infra nor api', (service) => {
    const found = violations(service, 'consumers', ['infra', 'api']);
    expect(found, `consumers/ must not import infra/ or api/:\n${found.join('\n')}`).toEqual([]);
  });

  // Routes parse, call the domain and map its result; what infra provides reaches them through app.ts.
  it.each(services)('%s: the routes import neither infra nor consumers', (service) => {
    const found = violations(service, 'api', ['infra', 'consumers']);
    expect(found, `api/ must not import infra/ or consumers/:\n${found.join('\n')}`).toEqual([]);
  });

  it('places a relative import in the layer it lands in', () => {
    const src = join(sep, 'repo', 'services', 'example', 'src');
    const file = join(src, 'domain', 'rules', 'a.ts');
    expect(layerOf(file, '../../infra/b.ts', src)).toBe('infra');
    expect(layerOf(file, '../c.ts', src)).toBe('domain');
    expect(layerOf(file, '../../../../other/src/infra/d.ts', src)).toBeUndefined();
    expect(layerOf(file, '@laundry/contracts', src)).toBeUndefined();
  });

  it('reads the imports a layer check must see', () => {
    const source = [
      "import type { A } from '../infra/a.ts';",
      'import {',
      '  b,',
      "} from '../api/b.ts';",
      "export { c } from './c.ts';",
      "import '../consumers/d.ts';",
      "const e = await import('../infra/e.ts');",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      { line: 1, specifier: '../infra/a.ts' },
      { line: 4, specifier: '../api/b.ts' },
      { line: 5, specifier: './c.ts' },
      { line: 6, specifier: '../consumers/d.ts' },
      { line: 7, specifier: '../infra/e.ts' },
    ]);
  });
});
