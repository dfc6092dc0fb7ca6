import styles from './account.module.css';

/** A section's last outcome: said politely to screen readers, in green or red. */
export type Outcome = { kind: 'success' | 'error'; text: string } | undefined;

export function SectionStatus({ outcome }: { outcome: Outcome }) {
  return (
    <p className={outcome?.kind === 'error' ? styles.error : styles.success} role="status" aria-live="polite">
      {outcome?.text ?? ''}
    </p>
  );
}
