import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdvertiserNotice, AdvertiserNoticeList } from '@laundry/contracts';
import { Button } from '@laundry/ui';
import { getJson, request } from '../api/http.ts';
import { useMoney } from '../components/use-money.ts';
import { useText } from '../components/use-text.ts';
import { findingText } from '../domain/campaign-display.ts';
import styles from './dashboard.module.css';

export const noticesKey = ['/api/advertisers/me/notices'] as const;

/**
 * What the advertiser was told (campaign decisions, verification, budget, charges, suspension), newest
 * first, each dismissable: the same notices that were mailed, worded here in the page's language.
 */
export function NoticeList() {
  const { t, text, locale } = useText();
  const { minor } = useMoney();
  const client = useQueryClient();
  const notices = useQuery({
    queryKey: noticesKey,
    queryFn: () => getJson<AdvertiserNoticeList>(noticesKey[0]),
  });
  const dismiss = useMutation({
    mutationFn: (id: string) =>
      request<void>('POST', `/api/advertisers/me/notices/${encodeURIComponent(id)}/dismiss`),
    onSettled: () => client.invalidateQueries({ queryKey: noticesKey }),
  });
  const list = notices.data?.notices ?? [];
  if (list.length === 0) return null;

  const values = (notice: AdvertiserNotice) => ({
    campaign: notice.campaignTitle ?? t('notices.yourCampaign'),
    amount: notice.amountCents === null ? '' : minor(notice.amountCents, notice.currency ?? undefined),
    invoice: notice.invoiceNumber ?? '',
  });
  return (
    <section className={styles.notices} aria-label={t('notices.title')} data-testid="dashboard-notices">
      <h2 className={styles.noticesTitle}>{t('notices.title')}</h2>
      <ul className={styles.noticeItems}>
        {list.map((notice) => (
          <li key={notice.id} className={styles.noticeItem} data-testid={`notice-${notice.kind}`}>
            <div>
              <p className={styles.noticeText}>{t(`notices.kinds.${notice.kind}`, values(notice))}</p>
              {notice.kind === 'campaign-held' && notice.findings.length > 0 && (
                <ul className={styles.noticeFindings}>
                  {notice.findings.map((finding, index) => (
                    <li key={index}>{text(findingText(finding))}</li>
                  ))}
                </ul>
              )}
              {notice.reason && (
                <p className={styles.noticeReason}>
                  {t('notices.reason')}: {notice.reason}
                </p>
              )}
              <time className={styles.noticeWhen} dateTime={notice.occurredAt}>
                {new Date(notice.occurredAt).toLocaleString(locale)}
              </time>
            </div>
            <Button
              variant="ghost"
              size="small"
              onClick={() => dismiss.mutate(notice.id)}
              disabled={dismiss.isPending && dismiss.variables === notice.id}
            >
              {t('notices.dismiss')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
