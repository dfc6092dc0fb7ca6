import type { Db } from '@laundry/platform';
import type { Bounds, CreateLaundromatRequest, Hours, LaundromatBooleanKey } from '@laundry/contracts';

export interface LaundromatRow {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  hours: Hours | null;
  status: 'pending' | 'approved' | 'rejected';
  submittedById: string | null;
  [field: string]: unknown;
}

/** A listed laundromat as the list answers show it: its API JSON, and what its open status is computed from. */
export interface ListedRow {
  /** The laundromat in the API's shape (with distanceMeters when searched from a point), without openStatus. */
  json: string;
  hours: Hours | null;
  timeZone: string;
}

export interface LaundromatFilters {
  flags: LaundromatBooleanKey[];
  minRating?: number;
  openNow?: boolean;
}

export interface Page {
  limit: number;
  offset: number;
}

export interface Point {
  latitude: number;
  longitude: number;
}

/** The laundromats the domain lists, reads and adds; infra/laundromat-repository.ts implements it. */
export interface LaundromatRepository {
  /**
   * Listed laundromats, nearest first by index KNN. With `origin` the rows carry distanceMeters; with
   * `bounds` only the viewport is searched (ordered from `origin`, or from the viewport's centre).
   */
  findListed(query: {
    origin?: Point;
    bounds?: Bounds;
    filters: LaundromatFilters;
    page: Page;
    now: Date;
  }): Promise<ListedRow[]>;

  findById(id: string): Promise<LaundromatRow | undefined>;

  insertPending(
    tx: Db,
    input: CreateLaundromatRequest & { timeZone: string; submittedById: string },
  ): Promise<LaundromatRow>;

  /** Moves a pending laundromat to approved; undefined when there is no pending one with that id. */
  approve(tx: Db, id: string): Promise<LaundromatRow | undefined>;

  isEmpty(): Promise<boolean>;
}
