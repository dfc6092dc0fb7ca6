import { Badge, type BadgeTone } from '@laundry/ui';
import type { BadgeStyle } from '../domain/campaign-display.ts';
import type { I18nText } from '../domain/i18n-text.ts';
import { useText } from './use-text.ts';

const tones: Record<BadgeStyle, BadgeTone> = {
  default: 'info',
  secondary: 'neutral',
  outline: 'outline',
  destructive: 'danger',
};

/** A badge in one of the product's styles (default, secondary, outline, destructive). */
export function StyledBadge({
  badge,
  testId,
}: {
  badge: { style: BadgeStyle; text: I18nText };
  testId?: string;
}) {
  const { text } = useText();
  return (
    <Badge tone={tones[badge.style]} data-style={badge.style} data-testid={testId}>
      {text(badge.text)}
    </Badge>
  );
}
