import { Button } from '@laundry/ui';
import { useText } from '../shared/use-text.ts';
import styles from './home.module.css';

/**
 * 'Show more' under the list while the count is a lower bound ('50+'), so every laundromat found can be
 * reached. Busy, the button stays focusable (aria-disabled, not disabled) so keyboard focus is not lost;
 * the count line above is a live region and announces the new total.
 */
export function ShowMore({
  onShowMore,
  isLoading,
  failed,
}: {
  onShowMore: () => void;
  isLoading: boolean;
  failed: boolean;
}) {
  const { t } = useText();
  return (
    <div className={styles.showMore}>
      {failed && (
        <p role="alert" className={styles.muted}>
          {t('results.showMoreFailed')}
        </p>
      )}
      <Button
        variant="secondary"
        aria-disabled={isLoading || undefined}
        aria-busy={isLoading || undefined}
        data-testid="show-more"
        onClick={() => {
          if (!isLoading) onShowMore();
        }}
      >
        {t(isLoading ? 'results.showingMore' : 'results.showMore')}
      </Button>
    </div>
  );
}
