import { useState } from 'react';
import styles from './ads.module.css';

/** The slots' class names: the box of each placement, the creative inside it, the network's slot. */
export const adStyles = styles;

export type AdPlacement = 'home-sidebar' | 'home-page' | 'laundromat-detail';

/** Each placement's box, sized in CSS before any ad arrives, so nothing on the page moves when one does. */
export const adBoxClass: Record<AdPlacement, string | undefined> = {
  'home-sidebar': styles.listed,
  'home-page': styles.leaderboard,
  'laundromat-detail': styles.banner,
};

export interface AdLookProps {
  title: string;
  description?: string | null;
  displayUrl: string;
  imageUrl?: string | null;
  /** The 'Ad' label in the viewer's language: always shown, so no one takes the ad for a result. */
  label: string;
}

/**
 * The inside of an ad, as every slot shows it: its image (left out if it does not load), title,
 * description, the label and the domain it leads to. The finder wraps it in the click link; the
 * advertiser's preview draws the same thing in a box of each placement, so what is previewed is what shows.
 */
export function AdLook({ title, description, displayUrl, imageUrl, label }: AdLookProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const image = imageUrl && failed !== imageUrl ? imageUrl : null;
  return (
    <>
      {image && (
        <img
          className={styles.image}
          src={image}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(image)}
        />
      )}
      <span className={styles.text}>
        <span className={styles.title}>{title}</span>
        {description && <span className={styles.description}>{description}</span>}
        <span className={styles.meta}>
          <span className={styles.label}>{label}</span>
          <span className={styles.displayUrl}>{displayUrl}</span>
        </span>
      </span>
    </>
  );
}
