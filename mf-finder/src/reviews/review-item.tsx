import { useState } from 'react';
import type { PublicReview } from '@laundry/contracts';
import { Button } from '@laundry/ui';
import { checklistLabels, displayDate, reviewDisplayKeys, visitTimeLabel } from '../domain/review-display.ts';
import { useText } from '../shared/use-text.ts';
import { ReportReviewDialog } from './report-review-dialog.tsx';
import styles from './reviews.module.css';

/**
 * One review as the detail shows it; reviewers are not named (docs/product.md, Data: 'Anonymous User'). The
 * laundromat's verified owner (`ownerView`) may report it to the admins, never remove it.
 */
export function ReviewItem({ review, ownerView = false }: { review: PublicReview; ownerView?: boolean }) {
  const { t, text, locale } = useText();
  const [reportOpen, setReportOpen] = useState(false);
  const [reported, setReported] = useState(false);
  const visit = visitTimeLabel(review.visitTime);
  const checklist = checklistLabels(review.checklistItems);
  return (
    <li className={styles.review} data-testid="review">
      <div className={styles.reviewHead}>
        <span className={styles.reviewer}>{t(reviewDisplayKeys.anonymousUser)}</span>
        <span
          className={styles.reviewStars}
          role="img"
          aria-label={t('rating.outOf5', { rating: review.overallRating })}
        >
          {'★'.repeat(review.overallRating)}
          <span className={styles.reviewStarsOff}>{'★'.repeat(5 - review.overallRating)}</span>
        </span>
        <time className={styles.reviewMeta} dateTime={review.createdAt}>
          {displayDate(review.createdAt, locale)}
        </time>
        {visit && <span className={styles.reviewMeta}>{text(visit)}</span>}
      </div>
      {review.reviewText && <p className={styles.reviewText}>{review.reviewText}</p>}
      {review.tips && (
        <p className={styles.reviewTips}>
          <strong>{t('review.tipsLabel')}</strong> {review.tips}
        </p>
      )}
      {(review.observedWashPrice || review.observedDryPrice) && (
        <p className={styles.reviewMeta}>
          {review.observedWashPrice && `${t('review.observedWashPrice')}: ${review.observedWashPrice}`}
          {review.observedWashPrice && review.observedDryPrice && ' · '}
          {review.observedDryPrice && `${t('review.observedDryPrice')}: ${review.observedDryPrice}`}
        </p>
      )}
      {checklist.length > 0 && (
        <ul className={styles.reviewChecklist}>
          {checklist.map((item) => (
            <li key={item.key}>✓ {text(item)}</li>
          ))}
        </ul>
      )}
      {review.ownerReply && (
        <div className={styles.ownerReply} data-testid="owner-reply">
          <p className={styles.ownerReplyHead}>
            <strong>{t('detail.ownerReply')}</strong>{' '}
            <time className={styles.reviewMeta} dateTime={review.ownerReply.updatedAt}>
              {displayDate(review.ownerReply.updatedAt, locale)}
            </time>
          </p>
          <p className={styles.reviewText}>{review.ownerReply.text}</p>
        </div>
      )}
      {ownerView && (
        <div className={styles.ownerActions}>
          {reported ? (
            <span className={styles.reportedBadge} data-testid="review-reported">
              {t('review.report.reported')}
            </span>
          ) : (
            <Button variant="ghost" size="small" onClick={() => setReportOpen(true)}>
              {t('review.report.button')}
            </Button>
          )}
          <ReportReviewDialog
            reviewId={review.id}
            open={reportOpen}
            onOpenChange={setReportOpen}
            onReported={() => setReported(true)}
          />
        </div>
      )}
    </li>
  );
}
