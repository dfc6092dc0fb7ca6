import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository explains itself: every decision record is listed in docs/architecture.md, and what the product
// must do is written in docs/product.md. Nothing points at documents a reader of the repository does not have
// (a numbered section of an outside specification or design page, or those files themselves).

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

/** Every tracked text file with its lines, read once. */
function trackedFiles(): { path: string; lines: string[] }[] {
  const paths = execFileSync('git', ['ls-files', '-z'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  })
    .split('\0')
    .filter((path) => path && !/\.(png|jpe?g|gif|webp|ico|pbf|woff2?|gz|zip|pdf)$/i.test(path));
  return paths.flatMap((path) => {
    let text: string;
    try {
      text = read(path);
    } catch {
      return []; // listed but deleted in the working tree
    }
    return text.includes('\0') ? [] : [{ path, lines: text.split('\n') }];
  });
}

// Built from parts so that this file does not match itself.
const section = '\u00a7';
const outsideReferences = [
  new RegExp(`\\bspec\\s*${section}`, 'i'),
  new RegExp(`\\bdesign\\s*${section}`, 'i'),
  new RegExp(`product-${'spec'}`, 'i'),
  new RegExp(`\\b${'DESIGN'}\\.md\\b`),
  new RegExp(`shared/${'spec'}/`),
];

describe('documentation index', () => {
  it('when an ADR is in docs/adr, then docs/architecture.md lists it', () => {
    const architecture = read('docs/architecture.md');
    const records = readdirSync(join(repoRoot, 'docs/adr')).filter((name) => /^\d{4}-.*\.md$/.test(name));
    expect(records.length).toBeGreaterThan(0);
    const unlisted = records.filter((name) => !architecture.includes(`](adr/${name})`));
    expect(unlisted, `add these to the decision records table of docs/architecture.md`).toEqual([]);
  });

  it('when a file points at a section of the product page, then that heading exists', () => {
    const headings = new Set(
      read('docs/product.md')
        .split('\n')
        .filter((line) => /^#{2,3} /.test(line))
        .map((line) => line.replace(/^#+ /, '')),
    );
    const broken: string[] = [];
    for (const { path, lines } of trackedFiles()) {
      lines.forEach((line, index) => {
        for (const match of line.matchAll(/docs\/product\.md, (\S.*)$/g)) {
          const cited = match[1]!;
          if (![...headings].some((heading) => cited.startsWith(heading))) {
            broken.push(`${path}:${index + 1} cites '${cited}'`);
          }
        }
      });
    }
    expect(broken, `cite a heading of docs/product.md:\n${broken.join('\n')}`).toEqual([]);
  });

  it('when a tracked file is read, then it refers to no document outside the repository', () => {
    const found: string[] = [];
    for (const { path, lines } of trackedFiles()) {
      lines.forEach((line, index) => {
        if (outsideReferences.some((pattern) => pattern.test(line)))
          found.push(`${path}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(
      found,
      `say the rule in the repository's words, or cite docs/product.md:\n${found.join('\n')}`,
    ).toEqual([]);
  });
});
