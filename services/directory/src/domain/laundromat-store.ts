import type { Db } from '@laundry/platform/db';
import type { Bounds, CreateLaundromatRequest, Hours, LaundromatBooleanKey } from '@laundry/contracts';

export interface LaundromatRow {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  hours: Hours | null;
  /** The OSM opening_hours value every open status is read from. */
  openingHours: string | null;
  country: string;
  region: string | null;
  status: 'pending' | 'approved' | 'rejected' | 'closed';
  submittedById: string | null;
  [field: string]: unknown;
}

/** A listed laundromat as the list answers show it: its API JSON, and what its open status is computed from. */
export interface ListedRow {
  /** The laundromat in the API's shape (with distanceMeters when searched from a point), without openStatus. */
  json: string;
  openingHours: string | null;
  timeZone: string;
  country: string | null;
  region: string | null;
  latitude: number;
  longitude: number;
  /** Metres from `origin` on the sphere, only when the query set `withinMeters`. */
  distance?: number;
}

export interface LaundromatFilters {
  flags: LaundromatBooleanKey[];
  minRating?: number;
  /**
   * Only laundromats the OSM library reads open now. The repository returns the candidates (rows with
   * hours); domain/open-now-filter.ts asks the library, so the filter and the card never disagree.
   */
  openNow?: boolean;
  /** Only laundromats open round the clock every day. */
  open24Hours?: boolean;
  /** Only laundromats whose live summary, still true, has a washer free. */
  washersFree?: boolean;
}

export interface Page {
  limit: number;
  offset: number;
}

export interface Point {
  latitude: number;
  longitude: number;
}

export type NewSubmission = CreateLaundromatRequest & {
  timeZone: string;
  submittedById: string;
  submittedByEmail: string;
};

export interface SubmissionDecision {
  status: 'approved' | 'rejected';
  reviewedById: string;
  /** Kept with a rejection. */
  reason?: string;
}

/** Where a submission stands in the queue's order: its submission instant to the microsecond, and its id. */
export interface SubmissionKey {
  queuedAt: string;
  id: string;
}

/** A pending laundromat as the admins' queue shows it (LaundromatSubmission of the contracts). */
export interface SubmissionRow extends SubmissionKey {
  name: string;
  address: string;
  city: string;
  country: string;
  latitude: number;
  longitude: number;
  phone: string | null;
  website: string | null;
  currency: string;
  submittedById: string | null;
  submittedByEmail: string | null;
  /** To the millisecond, as the API writes instants. */
  submittedAt: string;
}

/** The laundromats the domain lists, reads and adds; infra/laundromat-repository.ts implements it. */
export interface LaundromatRepository {
  /**
   * Listed laundromats, nearest first by index KNN. With `origin` the rows carry distanceMeters; with
   * `bounds` only the viewport is searched (ordered from `origin`, or from the viewport's centre); with
   * `origin` and `withinMeters` only that far from the origin, and the rows carry their `distance`.
   */
  findListed(query: {
    origin?: Point;
    bounds?: Bounds;
    withinMeters?: number;
    filters: LaundromatFilters;
    page: Page;
    now: Date;
  }): Promise<ListedRow[]>;

  findById(id: string): Promise<LaundromatRow | undefined>;

  insertPending(tx: Db, input: NewSubmission): Promise<LaundromatRow>;

  /**
   * Moves a pending laundromat to approved or rejected, noting who decided and why; undefined when there is no
   * pending one with that id.
   */
  decide(tx: Db, id: string, decision: SubmissionDecision): Promise<LaundromatRow | undefined>;

  /** Pending submissions oldest first, after `after` (the last one of the previous page). */
  findPending(query: { after?: SubmissionKey; limit: number }): Promise<SubmissionRow[]>;

  countPending(): Promise<number>;

  /**
   * Every listed laundromat's [longitude, latitude] (to laundromatPointDecimals) as the JSON text of an array,
   * written by PostgreSQL, with how many there are.
   */
  findListedPoints(): Promise<{ count: number; pointsJson: string }>;

  /** The names of the listed (approved, active) laundromats among `ids`, by id. */
  namesOf(ids: readonly string[]): Promise<Map<string, string>>;

  isEmpty(): Promise<boolean>;
}
