import { Badge, Button, Dialog } from '@laundry/ui';
import { laundromatBooleanKeys, type Laundromat } from '@laundry/contracts';
import { placeLine } from '../domain/contact-display.ts';
import { displayDate } from '../domain/review-display.ts';
import { currentOpenStatus, detailOpenReading } from '../domain/open-status-display.ts';
import { dryPer30Text, washFromText } from '../domain/price-display.ts';
import { useFavorite } from '../hooks/use-favorite.ts';
import { useIsVerifiedOwner } from '../hooks/use-owned-laundromats.ts';
import { useCountedDetailView } from '../api/interactions.ts';
import { AdSlot } from '../shared/ad-slot.tsx';
import { NavigateLink } from '../shared/navigate-link.tsx';
import { StarRating } from '../shared/star-rating.tsx';
import { useText } from '../shared/use-text.ts';
import { HoursList } from './hours-list.tsx';
import { ReviewsSection } from '../reviews/reviews-section.tsx';
import { DetailPhotos } from './detail-photos.tsx';
import { ContactDetails } from './contact-details.tsx';
import { OsmCredit } from './osm-credit.tsx';
import { HistorySection } from './history-section.tsx';
import { ShareButton } from './share-button.tsx';
import { SuggestEditButton } from '../suggest/suggest-edit-dialog.tsx';
import { LiveSection } from '../live/live-section.tsx';
import styles from './detail.module.css';

interface DetailProps {
  laundromat: Laundromat | null;
  onClose: () => void;
  /** The page view of the page under the dialog: its ad is not the campaign already shown there. */
  adView?: string;
}

export function LaundromatDetailDialog({ laundromat, onClose, adView }: DetailProps) {
  const { t } = useText();
  return (
    <Dialog
      open={laundromat !== null}
      onOpenChange={(open) => !open && onClose()}
      title={laundromat?.name ?? t('detail.close')}
      className={styles.dialog}
      titleActions={
        laundromat && (
          <>
            <ShareButton laundromatId={laundromat.id} name={laundromat.name} />
            <FavoriteButton laundromatId={laundromat.id} />
          </>
        )
      }
    >
      {laundromat && <DetailBody laundromat={laundromat} adView={adView} />}
    </Dialog>
  );
}

/** The heart beside the name, as apps put it (issue 15): saved or not at a glance, on a phone too. */
function FavoriteButton({ laundromatId }: { laundromatId: string }) {
  const { t } = useText();
  const favorite = useFavorite(laundromatId);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-pressed={favorite.isFavorite}
      disabled={favorite.isPending}
      onClick={favorite.toggle}
      aria-label={t(favorite.isFavorite ? 'detail.removeFavorite' : 'detail.addFavorite')}
    >
      <span aria-hidden="true" className={favorite.isFavorite ? styles.heartOn : styles.heartOff}>
        {favorite.isFavorite ? '♥' : '♡'}
      </span>
    </Button>
  );
}

function DetailBody({ laundromat, adView }: { laundromat: Laundromat; adView?: string }) {
  useCountedDetailView(laundromat.id);
  const isOwner = useIsVerifiedOwner(laundromat.id);
  const { t, text, locale } = useText();
  const status = currentOpenStatus(laundromat, new Date());
  const reading = detailOpenReading(status, locale);
  const wash = washFromText(laundromat, locale);
  const dry = dryPer30Text(laundromat, locale);
  const amenities = laundromatBooleanKeys.filter((key) => laundromat[key]);
  return (
    <div className={styles.body}>
      <div className={styles.topRow}>
        <Badge tone={reading.badge.tone}>{text(reading.badge.label)}</Badge>
        {laundromat.status === 'closed' && <Badge tone="closed">{t('suggest.closedBadge')}</Badge>}
        {laundromat.ownerVerified && (
          <Badge tone="info" title={t('detail.ownerVerifiedTitle')} data-testid="owner-verified">
            ✓ {t('detail.ownerVerified')}
          </Badge>
        )}
        <StarRating rating={laundromat.averageRating} reviews={laundromat.totalReviews} />
      </div>
      <DetailPhotos laundromatId={laundromat.id} />
      <p className={styles.address}>{placeLine(laundromat)}</p>
      {laundromat.ownerUpdatedAt && (
        <p className={styles.ownerUpdated} data-testid="owner-updated">
          {t('detail.ownerUpdated', { date: displayDate(laundromat.ownerUpdatedAt, locale) })}
        </p>
      )}
      <NavigateLink to={laundromat} />
      <LiveSection laundromat={laundromat} />
      <ContactDetails laundromat={laundromat} />
      <HoursList laundromat={laundromat} status={status} />
      {(wash || dry) && (
        <section className={styles.section}>
          <h3>{t('detail.pricing')}</h3>
          {wash && <p>{text(wash)}</p>}
          {dry && <p>{text(dry)}</p>}
        </section>
      )}
      {amenities.length > 0 && (
        <section className={styles.section}>
          <h3>{t('detail.amenities')}</h3>
          <ul className={styles.amenities}>
            {amenities.map((key) => (
              <li key={key}>{t(`amenities.${key}`)}</li>
            ))}
          </ul>
        </section>
      )}
      {laundromat.source === 'osm' && <OsmCredit />}
      <HistorySection laundromatId={laundromat.id} />
      <div className={styles.suggestRow}>
        {/* The business portal's pages: plain links, so the finder carries none of their code. Its owner
            is offered the listing editor rather than a claim of what they already own. */}
        {isOwner ? (
          <a
            className={styles.claimLink}
            href={`/advertiser/laundromats/${encodeURIComponent(laundromat.id)}/edit`}
          >
            {t('detail.editListing')}
          </a>
        ) : (
          <a className={styles.claimLink} href={`/advertiser/claim/${encodeURIComponent(laundromat.id)}`}>
            {t('detail.claim')}
          </a>
        )}
        <SuggestEditButton laundromat={laundromat} />
      </div>
      <ReviewsSection laundromat={laundromat} />
      <AdSlot placement="laundromat-detail" laundromatId={laundromat.id} view={adView} />
    </div>
  );
}
