import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { services } from '../../services.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The packages a file imports by name (not Node's own, not relative paths). */
function importedPackages(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\bfrom '([^'.][^']*)'|\bimport\('([^'.][^']*)'\)/g)]
    .map((match) => match[1] ?? match[2]!)
    .filter((specifier) => !specifier.startsWith('node:'))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

describe("each service's package.json", () => {
  test.each(services.map((service) => service.name))(
    'when %s imports a package, then its package.json declares it (so its image installs it)',
    (name) => {
      const manifest = JSON.parse(readFileSync(join(repoRoot, 'services', name, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      const declared = new Set(Object.keys(manifest.dependencies ?? {}));
      const missing = sourceFiles(join(repoRoot, 'services', name, 'src')).flatMap((file) =>
        importedPackages(file)
          .filter((pkg) => !declared.has(pkg))
          .map((pkg) => `${file.slice(repoRoot.length)} imports ${pkg}`),
      );

      expect(missing).toEqual([]);
    },
  );
});
