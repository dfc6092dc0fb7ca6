import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import webpack from 'webpack';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COMPILE_HINT, CompileHintsPlugin } from '../src/compile-hints-plugin.ts';

let dir: string;

async function write(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await writeFile(path.join(dir, file), text);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'compile-hints-'));
  await write('src/page.js', 'export function greet(name) {\n  return `hello ${name}`;\n}\n');
  await write('node_modules/big-map/index.js', 'export const draw = (n) => n * 2;\n');
  await write(
    'src/main.js',
    "import('./page.js').then((m) => console.log(m.greet('you')));\nimport('big-map').then((m) => console.log(m.draw(2)));\n",
  );
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './src/main.js' },
    devtool: 'source-map',
    output: { path: path.join(dir, 'dist'), chunkFilename: '[name].js' },
    plugins: [new CompileHintsPlugin({ skipPackages: ['big-map'] })],
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else resolve();
    }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function built(predicate: (source: string) => boolean): Promise<{ code: string; map: string }> {
  for (const file of await readdir(path.join(dir, 'dist'))) {
    if (!file.endsWith('.js')) continue;
    const code = await readFile(path.join(dir, 'dist', file), 'utf8');
    if (predicate(code)) return { code, map: await readFile(path.join(dir, 'dist', `${file}.map`), 'utf8') };
  }
  throw new Error('no such chunk was built');
}

describe('CompileHintsPlugin', () => {
  test('the entry and our own chunks start with the compile hint, after minification', async () => {
    const entry = await built((code) => code.includes('greet') || code.includes('.then('));
    expect(entry.code.split('\n')[0]).toBe(COMPILE_HINT);
    const page = await built((code) => code.includes('hello '));
    expect(page.code.split('\n')[0]).toBe(COMPILE_HINT);
  });

  test('a chunk holding a skipped package goes without it', async () => {
    const map = await built((code) => code.includes('2*') || code.includes('*2'));
    expect(map.code).not.toContain(COMPILE_HINT);
  });

  test('the source map accounts for the added line', async () => {
    const page = await built((code) => code.includes('hello '));
    const lines = page.code.split('\n');
    const line = lines.findIndex((text) => text.includes('hello '));
    const column = lines[line]!.indexOf('hello ');
    const original = new SourceMapConsumer(JSON.parse(page.map)).originalPositionFor({
      line: line + 1,
      column,
    });
    expect(original.source).toMatch(/src\/page\.js$/);
    expect(original.line).toBe(2);
  });
});
