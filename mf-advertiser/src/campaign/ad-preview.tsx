import { useState } from 'react';
import { useText } from '../components/use-text.ts';
import { previewImageUrl, targetDomain } from '../domain/campaign-display.ts';
import styles from './ad-preview.module.css';

export interface AdContent {
  title: string;
  description: string;
  imageUrl: string;
  targetUrl: string;
}

function AdImage({ url, className }: { url: string | null; className: string | undefined }) {
  const { t } = useText();
  // An address that does not load shows the placeholder, as the ad itself would.
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) {
    return (
      <div className={`${className} ${styles.imagePlaceholder}`} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" fill="currentColor">
          <path d="M4 5a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5Zm2 0v9.6l3.3-3.3a1 1 0 0 1 1.4 0L15 15.6l1.3-1.3a1 1 0 0 1 1.4 0l.3.3V5H6Zm8.5 2a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z" />
        </svg>
        <span>{t('preview.noImage')}</span>
      </div>
    );
  }
  return <img className={className} src={url} alt="" loading="lazy" onError={() => setFailed(url)} />;
}

/** What an ad shows: the 'Sponsored' label, image, title, description and the domain it leads to. */
function AdBody({ ad, layout }: { ad: AdContent; layout: 'stacked' | 'row' }) {
  const { t } = useText();
  const domain = targetDomain(ad.targetUrl);
  const image = previewImageUrl(ad.imageUrl);
  return (
    <div className={layout === 'stacked' ? styles.stacked : styles.row}>
      <AdImage url={image} className={layout === 'stacked' ? styles.imageWide : styles.imageThumb} />
      <div className={styles.body}>
        <span className={styles.sponsored}>{t('adSlot.sponsored')}</span>
        <p className={ad.title.trim() ? styles.title : `${styles.title} ${styles.placeholderText}`}>
          {ad.title.trim() || t('preview.titlePlaceholder')}
        </p>
        <p
          className={
            ad.description.trim() ? styles.description : `${styles.description} ${styles.placeholderText}`
          }
        >
          {ad.description.trim() || t('preview.descriptionPlaceholder')}
        </p>
        <span className={domain ? styles.domain : `${styles.domain} ${styles.placeholderText}`}>
          {domain || t('preview.domainPlaceholder')}
        </span>
      </div>
    </div>
  );
}

/**
 * The ad as it will look in each slot it can be served in: the home page's (a wide card beside the results)
 * and the laundromat detail's (a compact row under the details). It follows the form as it is typed.
 */
export function AdPreview({ ad }: { ad: AdContent }) {
  const { t } = useText();
  return (
    <section className={styles.preview} aria-labelledby="ad-preview-title" data-testid="ad-preview">
      <h2 id="ad-preview-title" className={styles.heading}>
        {t('preview.title')}
      </h2>
      <p className={styles.intro}>{t('preview.text')}</p>
      <figure className={styles.slot} data-testid="preview-home">
        <figcaption className={styles.slotName}>{t('preview.homeSlot')}</figcaption>
        <div className={styles.homeFrame}>
          <AdBody ad={ad} layout="stacked" />
        </div>
      </figure>
      <figure className={styles.slot} data-testid="preview-detail">
        <figcaption className={styles.slotName}>{t('preview.detailSlot')}</figcaption>
        <div className={styles.detailFrame}>
          <div className={styles.detailContext} aria-hidden="true">
            <span className={styles.fakeLine} />
            <span className={`${styles.fakeLine} ${styles.short}`} />
          </div>
          <AdBody ad={ad} layout="row" />
        </div>
      </figure>
    </section>
  );
}
