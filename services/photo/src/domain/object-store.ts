import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  modifiedAt: Date;
  open(): Readable;
}

/** Where images live: a folder here, a volume in k8s; an object store could stand behind the same calls.
 * infra/object-storage.ts implements it on disk. */
export interface ObjectStorage {
  put(objectPath: string, bytes: Buffer): Promise<void>;
  /** undefined when nothing is stored at the path. */
  get(objectPath: string): Promise<StoredObject | undefined>;
  read(objectPath: string): Promise<Buffer>;
  remove(objectPath: string): Promise<void>;
}
