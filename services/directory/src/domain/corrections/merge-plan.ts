/** What a merge needs to know of each laundromat. */
export interface MergeCandidate {
  id: string;
  status: 'pending' | 'approved' | 'rejected' | 'closed';
  mergedIntoId: string | null;
  phone: string | null;
  website: string | null;
  openingHours: string | null;
}

/** Fields the survivor takes from the merged laundromat when it has none of its own. */
export const fillableFields = ['phone', 'website', 'openingHours'] as const;
export type FillableField = (typeof fillableFields)[number];

export type MergePlan =
  | { ok: true; fill: { field: FillableField; from: null; to: string }[] }
  | { ok: false; status: 404 | 409; message: string };

export const MERGED_ALREADY_MESSAGE =
  'This laundromat was merged already; its survivor is the one to merge into.';
export const SURVIVOR_NOT_LISTED_MESSAGE =
  'The survivor must be a listed laundromat: approve it first, or keep the other one.';

/**
 * Whether `merged` can be merged into `survivor`, and which of the survivor's empty fields it fills. A
 * laundromat merged already cannot be either side (its survivor is the one that stays); the survivor must
 * be listed, while the merged one may be listed, closed or still a submission (the add form's duplicate).
 */
export function planMerge(
  survivor: MergeCandidate | undefined,
  merged: MergeCandidate | undefined,
): MergePlan {
  if (!survivor || !merged) return { ok: false, status: 404, message: 'Laundromat not found' };
  if (survivor.mergedIntoId !== null || merged.mergedIntoId !== null) {
    return { ok: false, status: 409, message: MERGED_ALREADY_MESSAGE };
  }
  if (survivor.status !== 'approved') return { ok: false, status: 409, message: SURVIVOR_NOT_LISTED_MESSAGE };
  const fill = fillableFields.flatMap((field) => {
    const mine = survivor[field];
    const theirs = merged[field];
    return (mine === null || mine === '') && theirs !== null && theirs !== ''
      ? [{ field, from: null, to: theirs }]
      : [];
  });
  return { ok: true, fill };
}
