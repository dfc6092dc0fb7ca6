import type { BillingInvoice } from '@laundry/contracts';
import { Skeleton } from '@laundry/ui';
import type { Availability } from '../api/queries.ts';
import { InfoTip } from '../components/info-tip.tsx';
import { StyledBadge } from '../components/status-badge.tsx';
import { TestModeBadge } from '../components/test-mode-badge.tsx';
import { useText } from '../components/use-text.ts';
import { declineText, invoiceStatus } from '../domain/billing.ts';
import { formatDay, formatMoney } from '../domain/formats.ts';
import formStyles from '../components/form.module.css';
import styles from './settings.module.css';

function InvoiceRow({ invoice }: { invoice: BillingInvoice }) {
  const { t, text, locale } = useText();
  const status = invoiceStatus(invoice);
  const period = t('dashboard.payouts.period', {
    start: formatDay(invoice.periodStart, locale),
    end: formatDay(invoice.periodEnd, locale),
  });
  return (
    <tr data-testid="invoice-row" data-statement={invoice.id}>
      <th scope="row" data-label={t('settings.invoices.columns.period')}>
        {period}
      </th>
      <td data-label={t('settings.invoices.columns.amount')} className={styles.amount}>
        {formatMoney(invoice.amount, locale, undefined, invoice.currency.toUpperCase())}
      </td>
      <td data-label={t('settings.invoices.columns.status')}>
        {/* One grid cell on a phone, where the cell is a label and its value side by side. */}
        <div>
          <StyledBadge badge={status} testId="invoice-status" />
          {invoice.status === 'pending' && invoice.lastDecline && (
            <span className={styles.rowNote}>{text(declineText(invoice.lastDecline))}</span>
          )}
        </div>
      </td>
      <td data-label={t('settings.invoices.columns.invoice')}>
        {/* The invoice, then its credit notes beneath it, in one cell (one column on a phone). */}
        <div className={styles.documents}>
          {invoice.invoiceUrl && invoice.invoiceNumber ? (
            <a
              className={styles.download}
              href={invoice.invoiceUrl}
              download
              aria-label={t('settings.invoices.downloadLabel', { number: invoice.invoiceNumber })}
            >
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M7.25 1h1.5v7.19l2.47-2.47 1.06 1.06L8 11.06 3.72 6.78l1.06-1.06 2.47 2.47V1ZM2 13.5h12V15H2v-1.5Z"
                />
              </svg>
              {invoice.invoiceNumber}
            </a>
          ) : (
            <span className={styles.text}>{t('settings.invoices.afterPayment')}</span>
          )}
          {invoice.creditNotes.map((note) => (
            <a
              key={note.id}
              className={styles.download}
              href={note.url}
              download
              data-testid="credit-note-download"
              aria-label={t('settings.invoices.creditNoteLabel', { number: note.number })}
            >
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M7.25 1h1.5v7.19l2.47-2.47 1.06 1.06L8 11.06 3.72 6.78l1.06-1.06 2.47 2.47V1ZM2 13.5h12V15H2v-1.5Z"
                />
              </svg>
              {note.number}
            </a>
          ))}
        </div>
      </td>
    </tr>
  );
}

/**
 * The settings page's Invoices: each statement (GET /api/billing/invoices) with its period, what the card is
 * charged, where the charge stands and, once it is paid, its numbered PDF invoice to download.
 */
export function InvoicesSection({
  invoices,
  isError,
  testMode,
}: {
  invoices: Availability<BillingInvoice[]> | undefined;
  isError: boolean;
  testMode: boolean;
}) {
  const { t } = useText();
  const header = (key: 'period' | 'amount' | 'status', tip: string) => (
    <th scope="col">
      <span className={styles.columnTitle}>
        {t(`settings.invoices.columns.${key}`)}
        <InfoTip name={t(`settings.invoices.columns.${key}`)}>{tip}</InfoTip>
      </span>
    </th>
  );
  return (
    <section className={formStyles.section} aria-labelledby="invoices">
      <h2 id="invoices" className={formStyles.sectionTitle}>
        <span className={styles.titleWithBadge}>
          {t('settings.invoices.title')}
          {testMode && <TestModeBadge />}
        </span>
      </h2>
      <p className={formStyles.sectionText}>{t('settings.invoices.text')}</p>
      {invoices === undefined && !isError ? (
        <Skeleton height="5rem" />
      ) : !invoices?.available ? (
        <p className={styles.text} role={isError ? 'alert' : undefined}>
          {t('settings.invoices.notAvailable')}
        </p>
      ) : invoices.data.length === 0 ? (
        <p className={styles.text} data-testid="invoices-empty">
          {t('settings.invoices.empty')}
        </p>
      ) : (
        <table className={styles.invoices} data-testid="invoices">
          <thead>
            <tr>
              {header('period', t('settings.invoices.tips.period'))}
              {header('amount', t('settings.invoices.tips.amount'))}
              {header('status', t('settings.invoices.tips.status'))}
              <th scope="col">{t('settings.invoices.columns.invoice')}</th>
            </tr>
          </thead>
          <tbody>
            {invoices.data.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
