import type { HTMLAttributes } from 'react';
import styles from './badge.module.css';

/**
 * neutral, open, closed and info are the finder's; outline (a quiet state such as a draft) and danger (a
 * state that needs attention, in the accessible red of --color-danger) are the advertiser's and admin's.
 */
export type BadgeTone = 'neutral' | 'open' | 'closed' | 'info' | 'outline' | 'danger';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return <span className={[styles.badge, styles[tone], className].filter(Boolean).join(' ')} {...props} />;
}
