/** A SQL connection scoped to one service's schema (search_path = <schema>, public). */
export interface Db {
  /** Runs one statement with $1.. parameters and returns its rows. */
  query<R extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /** Runs fn in one transaction; it commits when fn resolves and rolls back when it throws. */
  tx<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs fn once the transaction this Db belongs to has committed (never after a rollback); outside a
   * transaction, right away. The outbox relays its events this way, so no caller has to remember to.
   */
  afterCommit(fn: () => void): void;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  readonly schema: string;
  readonly kind: 'postgres' | 'pglite';
  ping(): Promise<void>;
  close(): Promise<void>;
}
