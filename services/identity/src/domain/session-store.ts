/** One sign-in, as the sessions table keeps it (docs/product.md, Data: sessions). */
export interface SessionRecord {
  sid: string;
  userId: string;
  browser: string | null;
  os: string | null;
  address: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

export type NewSession = Omit<SessionRecord, 'createdAt' | 'lastSeenAt'>;

/** The sessions the domain records and ends; infra/session-repository.ts implements it. */
export interface SessionRepository {
  insert(session: NewSession): Promise<void>;
  /** The person's sessions neither ended nor expired, newest first. */
  listActive(userId: string): Promise<SessionRecord[]>;
  /** Records that the session was used now, at most once per `everySeconds` (a write per page load is waste). */
  touch(sid: string, userId: string, everySeconds: number): Promise<void>;
  /** Ends one of the person's sessions; answers it, or undefined when it is not theirs or already over. */
  end(userId: string, sid: string): Promise<SessionRecord | undefined>;
  /** Ends every session of the person's except `keep` (none when undefined); answers those it ended. */
  endAllExcept(userId: string, keep: string | undefined): Promise<SessionRecord[]>;
}
