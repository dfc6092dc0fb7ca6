import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A temporary STATIC_ROOT holding the given files (paths relative to it), as a build would leave them. */
export async function staticRootWith(prefix: string, files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), prefix));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), content);
  }
  return root;
}
