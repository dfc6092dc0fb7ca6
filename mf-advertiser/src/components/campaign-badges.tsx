import type { CampaignBadge } from '../domain/campaign-display.ts';
import { StyledBadge } from './status-badge.tsx';
import { useText } from './use-text.ts';

/** A campaign's badges (campaignBadges), the lifecycle status translated into a combined one's text. */
export function CampaignBadges({ badges }: { badges: readonly CampaignBadge[] }) {
  const { t } = useText();
  return (
    <>
      {badges.map((badge) => (
        <StyledBadge
          key={badge.testId}
          testId={badge.testId}
          badge={
            badge.statusKey
              ? {
                  ...badge,
                  text: { ...badge.text, values: { ...badge.text.values, status: t(badge.statusKey) } },
                }
              : badge
          }
        />
      ))}
    </>
  );
}
