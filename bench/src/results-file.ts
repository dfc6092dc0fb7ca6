import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

/**
 * Writes bench/results/<name>-<YYYY-MM-DD>.json as the repository's formatter would, so a recorded result
 * passes `npm run lint` as it is; returns the file's path.
 */
export async function writeResults(name: string, date: Date, data: unknown): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const file = `${resultsDir}${name}-${date.toISOString().slice(0, 10)}.json`;
  await writeFile(
    file,
    await format(JSON.stringify(data), { ...(await resolveConfig(file)), filepath: file }),
  );
  return file;
}

/** The commit the figures were measured on, when run from a git checkout. */
export function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}
