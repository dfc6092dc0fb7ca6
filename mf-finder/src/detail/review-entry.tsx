import { useState } from 'react';
import { Button, Dialog, toast } from '@laundry/ui';
import { useCurrentUser } from '../hooks/use-current-user.ts';
import { useText } from '../shared/use-text.ts';
import styles from './detail.module.css';

/** The reviews area's entry point; the review form itself comes with the reviews issue. */
export function ReviewEntry({
  laundromatName,
  totalReviews,
}: {
  laundromatName: string;
  totalReviews: number;
}) {
  const { t } = useText();
  const { isSignedIn } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const write = () => {
    if (!isSignedIn) {
      toast({ title: `${t('messages.auth.signInRequiredTitle')}: ${t('messages.auth.signInForReview')}` });
      return;
    }
    setOpen(true);
  };
  return (
    <section className={styles.section}>
      <h3>{t('detail.reviews')}</h3>
      {totalReviews === 0 && <p className={styles.muted}>{t('detail.noReviews')}</p>}
      <Button variant="secondary" size="small" onClick={write}>
        {t('detail.writeReview')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('review.title', { name: laundromatName })}>
        <p>{t('review.comingSoon')}</p>
      </Dialog>
    </section>
  );
}
