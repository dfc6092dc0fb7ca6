import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ObjectStorage } from '../domain/object-store.ts';

/** Paths are ours (photos/ab/{uuid}-display.webp), a request's path is not: refuse anything that could leave the root. */
export function isSafeObjectPath(objectPath: string): boolean {
  return /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[a-z0-9-]+\.[a-z0-9]+$/.test(objectPath);
}

export function createDiskStorage(root: string): ObjectStorage {
  const resolve = (objectPath: string) => {
    if (!isSafeObjectPath(objectPath)) throw new Error(`Invalid object path: ${objectPath}`);
    return path.join(root, objectPath);
  };
  return {
    async put(objectPath, bytes) {
      const target = resolve(objectPath);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const partial = `${target}.${randomUUID()}.part`;
      await writeFile(partial, bytes);
      await rename(partial, target);
    },
    async get(objectPath) {
      if (!isSafeObjectPath(objectPath)) return undefined;
      const file = resolve(objectPath);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { size: info.size, modifiedAt: info.mtime, open: () => createReadStream(file) };
    },
    read: (objectPath) => readFile(resolve(objectPath)),
    async remove(objectPath) {
      await rm(resolve(objectPath), { force: true });
    },
  };
}
