export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlSeconds: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Adds 1 to a counter that expires ttlSeconds after its first increment; returns the new count. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}
