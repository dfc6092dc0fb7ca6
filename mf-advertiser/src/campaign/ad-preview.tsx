import { AdLook, adBoxClass, adStyles, type AdPlacement } from '@laundry/ui/ad-look';
import { useText } from '../components/use-text.ts';
import { previewImageUrl, targetDomain } from '../domain/campaign-display.ts';
import styles from './ad-preview.module.css';

export interface AdContent {
  title: string;
  description: string;
  imageUrl: string;
  targetUrl: string;
}

/** The slots in the order a visitor meets them, each named in the advertiser's language. */
const slots: { placement: AdPlacement; name: string; testId: string }[] = [
  { placement: 'home-sidebar', name: 'preview.listSlot', testId: 'preview-list' },
  { placement: 'home-page', name: 'preview.pageSlot', testId: 'preview-page' },
  { placement: 'laundromat-detail', name: 'preview.detailSlot', testId: 'preview-detail' },
];

/**
 * The ad as it will look in each slot it can be served in: drawn by the same component and styles the
 * finder serves it with, in a box of each placement's size, so the preview cannot drift from the page. It
 * follows the form as it is typed; until every field is, it is dimmed with what each will hold.
 */
export function AdPreview({ ad }: { ad: AdContent }) {
  const { t } = useText();
  const title = ad.title.trim();
  const description = ad.description.trim();
  const domain = targetDomain(ad.targetUrl);
  const look = (
    <span className={adStyles.creative} data-empty={!title || !description || !domain || undefined}>
      <AdLook
        title={title || t('preview.titlePlaceholder')}
        description={description || t('preview.descriptionPlaceholder')}
        displayUrl={domain || t('preview.domainPlaceholder')}
        imageUrl={previewImageUrl(ad.imageUrl)}
        label={t('preview.adLabel')}
      />
    </span>
  );
  return (
    <section className={styles.preview} aria-labelledby="ad-preview-title" data-testid="ad-preview">
      <h2 id="ad-preview-title" className={styles.heading}>
        {t('preview.title')}
      </h2>
      <p className={styles.intro}>{t('preview.text')}</p>
      {slots.map((slot) => (
        <figure key={slot.placement} className={styles.slot} data-testid={slot.testId}>
          <figcaption className={styles.slotName}>{t(slot.name)}</figcaption>
          <div className={styles[slot.placement]}>
            <div className={[adStyles.slot, adBoxClass[slot.placement]].join(' ')}>{look}</div>
          </div>
        </figure>
      ))}
    </section>
  );
}
