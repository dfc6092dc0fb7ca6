import { useState } from 'react';
import { Button, Skeleton, toast } from '@laundry/ui';
import { reviewsPreview } from '../domain/review-display.ts';
import { reviewMessageKeys } from '../domain/review-form.ts';
import { useCurrentUser } from '../hooks/use-current-user.ts';
import { useIsVerifiedOwner } from '../hooks/use-owned-laundromats.ts';
import { useReviews } from '../hooks/use-reviews.ts';
import { useText } from '../shared/use-text.ts';
import { ReviewFormDialog, type RatedLaundromat } from './review-form-dialog.tsx';
import { ReviewItem } from './review-item.tsx';
import styles from './reviews.module.css';

/** The detail modal's reviews: the 3 most recent, 'View all N reviews' beyond 3, and Write Review. */
export function ReviewsSection({ laundromat }: { laundromat: RatedLaundromat }) {
  const { t, text } = useText();
  const { isSignedIn } = useCurrentUser();
  const reviews = useReviews(laundromat.id);
  const ownerView = useIsVerifiedOwner(laundromat.id);
  const [showAll, setShowAll] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const preview = reviewsPreview(reviews.data ?? [], showAll);

  const write = () => {
    if (!isSignedIn) {
      toast({
        title: `${t(reviewMessageKeys.signInRequiredTitle)}: ${t(reviewMessageKeys.signInForReview)}`,
      });
      return;
    }
    setFormOpen(true);
  };

  return (
    <section className={styles.section} aria-labelledby="detail-reviews">
      <div className={styles.sectionHead}>
        <h3 id="detail-reviews">{t('detail.reviews')}</h3>
        <Button variant="secondary" size="small" onClick={write}>
          {t('detail.writeReview')}
        </Button>
      </div>
      {reviews.isPending && (
        <div className={styles.skeletons} role="status" aria-label={t('review.loading')}>
          <Skeleton height="3rem" />
          <Skeleton height="3rem" />
        </div>
      )}
      {reviews.isError && <p className={styles.muted}>{t('review.loadFailed')}</p>}
      {reviews.isSuccess && preview.shown.length === 0 && (
        <p className={styles.muted}>{t('detail.noReviews')}</p>
      )}
      {preview.shown.length > 0 && (
        <ul className={styles.reviewList}>
          {preview.shown.map((review) => (
            <ReviewItem key={review.id} review={review} ownerView={ownerView} />
          ))}
        </ul>
      )}
      {preview.viewAll && (
        <Button variant="ghost" size="small" onClick={() => setShowAll(true)}>
          {text(preview.viewAll)}
        </Button>
      )}
      <ReviewFormDialog laundromat={laundromat} open={formOpen} onOpenChange={setFormOpen} />
    </section>
  );
}
