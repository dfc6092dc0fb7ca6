import { Badge } from '@laundry/ui';
import type { LiveSummary } from '@laundry/contracts';
import { useText } from '../shared/use-text.ts';
import { badgeParts } from './live-text.ts';

/** The compact live badge of a card: '3/12 free · 7 min' or 'Full · 7 min'; nothing when nothing is live. */
export function LiveBadge({ live, now }: { live: LiveSummary | null | undefined; now: Date }) {
  const { t, text } = useText();
  if (!live) return null;
  const parts = badgeParts(live, now.getTime());
  if (!parts) return null;
  const age = parts.age < 1 ? t('live.justNow') : t('live.minutesShort', { count: parts.age });
  const source = t(live.source === 'machines' ? 'live.fromMachines' : 'live.byVisitors');
  return (
    <Badge tone={parts.tone} data-testid="live-badge" title={`${t('live.heading')} · ${source}`}>
      {text(parts.text)} · {age}
    </Badge>
  );
}
