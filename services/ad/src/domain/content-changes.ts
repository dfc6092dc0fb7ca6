import { contentFields, type ContentChange } from '@laundry/contracts';

/** A creative's content, as a snapshot of what the visitor sees. */
export interface CreativeSnapshot {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  targetUrl: string;
}

/** What a visitor sees of a campaign at one moment: its own content and its further creatives. */
export interface ContentSnapshot {
  title: string;
  description: string | null;
  imageUrl: string | null;
  targetUrl: string | null;
  creatives?: readonly CreativeSnapshot[];
}

type Fields = Pick<ContentSnapshot, (typeof contentFields)[number]>;

const text = (value: string | null | undefined) => (value === undefined || value === '' ? null : value);

function fieldChanges(before: Fields | undefined, after: Fields | undefined, creative: number | null) {
  return contentFields.flatMap((field): ContentChange[] => {
    const old = text(before?.[field]);
    const now = text(after?.[field]);
    return old === now ? [] : [{ field, creative, before: old, after: now }];
  });
}

/**
 * Field by field, what an edit changes between the approved content and the new one: the campaign's own
 * fields first, then each creative's, matched by its id (so a reorder alone changes nothing). A creative
 * added shows its fields from nothing, one removed shows them going to nothing; each is named by its place
 * in the new content (a removed one by its place in the approved). An empty text counts as none.
 */
export function contentChanges(before: ContentSnapshot, after: ContentSnapshot): ContentChange[] {
  const changes = fieldChanges(before, after, null);
  const old = before.creatives ?? [];
  const now = after.creatives ?? [];
  now.forEach((creative, index) => {
    changes.push(
      ...fieldChanges(
        old.find((was) => was.id === creative.id),
        creative,
        index + 1,
      ),
    );
  });
  old.forEach((creative, index) => {
    if (!now.some((is) => is.id === creative.id))
      changes.push(...fieldChanges(creative, undefined, index + 1));
  });
  return changes;
}
