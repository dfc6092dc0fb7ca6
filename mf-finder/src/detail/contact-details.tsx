import type { Laundromat } from '@laundry/contracts';
import { phoneHref, websiteLink } from '../domain/contact-display.ts';
import { useText } from '../shared/use-text.ts';
import { reportInteraction } from '../api/interactions.ts';
import styles from './detail.module.css';

/** The laundromat's phone (dials) and website (a new tab), when it has them; nothing otherwise. */
export function ContactDetails({ laundromat }: { laundromat: Pick<Laundromat, 'id' | 'phone' | 'website'> }) {
  const { t } = useText();
  const phone = laundromat.phone?.trim() || null;
  const dial = phoneHref(phone);
  const website = websiteLink(laundromat.website);
  if (!phone && !website) return null;
  return (
    <section className={styles.section} aria-labelledby="detail-contact">
      <h3 id="detail-contact">{t('detail.contact')}</h3>
      <dl className={styles.contact}>
        {phone && (
          <div>
            <dt>{t('detail.phone')}</dt>
            <dd>
              {dial ? (
                <a href={dial} onClick={() => reportInteraction(laundromat.id, 'phone')}>
                  {phone}
                </a>
              ) : (
                phone
              )}
            </dd>
          </div>
        )}
        {website && (
          <div>
            <dt>{t('detail.website')}</dt>
            <dd>
              <a
                href={website.href}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => reportInteraction(laundromat.id, 'website')}
              >
                {website.label}
              </a>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
