import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './add.module.css';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** i18n key of the field's error, if any. */
  errorKey?: string | undefined;
  hint?: string;
}

/** A labelled input whose error sits right under it and is announced with it (aria-describedby). */
export function FormField({ id, label, value, onValue, errorKey, hint, ...input }: FormFieldProps) {
  const { t } = useTranslation('finder');
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, errorKey ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={styles.input}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={errorKey ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {errorKey && (
        <span id={errorId} className={styles.error}>
          {t(errorKey)}
        </span>
      )}
    </div>
  );
}

export function CheckboxField({
  id,
  label,
  checked,
  onChecked,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
}) {
  return (
    <label className={styles.checkbox} htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
      />
      {label}
    </label>
  );
}
