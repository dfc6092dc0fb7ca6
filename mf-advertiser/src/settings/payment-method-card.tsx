import { FormSection } from '../components/form-field.tsx';
import { useText } from '../components/use-text.ts';
import styles from './settings.module.css';

/** Where the billing work puts the payment method; until then it says so. */
export function PaymentMethodCard() {
  const { t } = useText();
  return (
    <FormSection id="payment-method" title={t('settings.payment.title')}>
      <div className={styles.placeholder} data-testid="payment-method-placeholder">
        <span className={styles.placeholderIcon} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor">
            <path d="M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6Zm2 0v2h14V6H5Zm0 5v7h14v-7H5Zm2 4h5v2H7v-2Z" />
          </svg>
        </span>
        <div>
          <p className={styles.placeholderTitle}>{t('settings.payment.placeholderTitle')}</p>
          <p className={styles.text}>{t('settings.payment.placeholderText')}</p>
        </div>
      </div>
    </FormSection>
  );
}
