import type { CampaignContent, CampaignRow } from './campaign-store.ts';
import type { Creative } from '@laundry/contracts';
import type { VisibleContent } from './pending-content-store.ts';

/** A creative as stored: an empty description or image is null, as on the campaign's own content. */
const creativeOf = (c: Creative): Creative => ({
  id: c.id,
  title: c.title,
  description: c.description || null,
  imageUrl: c.imageUrl || null,
  targetUrl: c.targetUrl,
});

const sameCreatives = (a: readonly Creative[], b: readonly Creative[]) =>
  a.length === b.length &&
  a.every((c, i) => {
    const d = b[i]!;
    return (
      c.id === d.id &&
      c.title === d.title &&
      c.description === d.description &&
      c.imageUrl === d.imageUrl &&
      c.targetUrl === d.targetUrl
    );
  });

/**
 * Which edits go back to review: only what a visitor sees of an ad (title, description, image, link).
 * Budgets, bids, dates, targeting, frequency and status never do, so changing them keeps the ad serving.
 */
export function visibleOf(content: {
  title: string;
  description: string | null;
  imageUrl: string | null;
  targetUrl: string;
  creatives: readonly Creative[];
}): VisibleContent {
  // The form sends '' for an empty description or image; the row keeps null. Both mean none.
  return {
    title: content.title,
    description: content.description || null,
    imageUrl: content.imageUrl || null,
    targetUrl: content.targetUrl,
    creatives: content.creatives.map(creativeOf),
  };
}

export const sameVisible = (a: VisibleContent, b: VisibleContent): boolean =>
  a.title === b.title &&
  a.description === b.description &&
  a.imageUrl === b.imageUrl &&
  a.targetUrl === b.targetUrl &&
  sameCreatives(a.creatives, b.creatives);

/** The content a stored campaign row holds, as an edit would write it. */
export function contentOfRow(row: CampaignRow): CampaignContent {
  return {
    title: row.title,
    description: row.description ?? '',
    imageUrl: row.imageUrl ?? '',
    targetUrl: row.targetUrl,
    targetCountries: row.targetCountries,
    targetCities: row.targetCities,
    radiusKm: row.radiusKm,
    targetLatitude: row.targetLatitude,
    targetLongitude: row.targetLongitude,
    frequencyCap: row.frequencyCap,
    creatives: row.creatives,
    schedule: row.schedule,
    dailyBudgetE4: row.dailyBudgetE4,
    totalBudgetE4: row.totalBudgetE4,
    costPerClickE4: row.costPerClickE4,
    costPerImpressionE4: row.costPerImpressionE4,
    startDate: row.startDate,
    endDate: row.endDate,
  };
}

/** The edit's settings with the given visible content: what the campaign row keeps while a change waits. */
export const withVisible = (content: CampaignContent, visible: VisibleContent): CampaignContent => ({
  ...content,
  title: visible.title,
  description: visible.description ?? '',
  imageUrl: visible.imageUrl ?? '',
  targetUrl: visible.targetUrl,
  creatives: visible.creatives,
});

/**
 * What an edit does, decided from the campaign before it, the change waiting (if any) and the edit:
 * - 'settings': the visible content is unchanged (from the waiting change, else the row): applied at once.
 * - 'revert': an approved campaign's waiting change is edited back to the approved content: withdrawn.
 * - 'content': the visible content changed and must be checked; while an approved version exists it waits
 *   beside it ('beside'), else the campaign's own content is reviewed ('own').
 */
export type EditKind = 'settings' | 'revert' | 'content-beside' | 'content-own';

export function editKind(
  before: Pick<CampaignRow, 'moderationStatus'> & VisibleContent,
  waiting: VisibleContent | undefined,
  edited: VisibleContent,
): EditKind {
  const approved = before.moderationStatus === 'approved';
  if (approved && waiting && sameVisible(edited, before)) return 'revert';
  if (sameVisible(edited, waiting ?? before)) return 'settings';
  return approved ? 'content-beside' : 'content-own';
}
