import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { I18nText } from '../domain/i18n-text.ts';
import { useText } from './use-text.ts';
import styles from './form.module.css';

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string | undefined;
  error?: I18nText | undefined;
  className?: string | undefined;
  children: (control: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
    'aria-required': true | undefined;
    className: string;
  }) => ReactNode;
}

/** A labelled control whose hint and error sit under it and are announced with it (aria-describedby). */
export function Field({ id, label, required, hint, error, className, children }: FieldProps) {
  const { t, text } = useText();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required}>
            <span aria-hidden="true"> *</span>
            <span className="visually-hidden"> ({t('form.required')})</span>
          </span>
        )}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        'aria-required': required ? true : undefined,
        className: styles.input ?? '',
      })}
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.error}>
          {text(error)}
        </span>
      )}
    </div>
  );
}

type Common = Omit<FieldProps, 'children'> & { value: string; onValue: (value: string) => void };

export function TextField({
  value,
  onValue,
  input,
  ...field
}: Common & { input?: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> }) {
  return (
    <Field {...field}>
      {(control) => (
        <input {...control} {...input} value={value} onChange={(event) => onValue(event.target.value)} />
      )}
    </Field>
  );
}

export function TextAreaField({
  value,
  onValue,
  input,
  ...field
}: Common & { input?: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id'> }) {
  return (
    <Field {...field}>
      {(control) => (
        <textarea
          rows={3}
          {...control}
          {...input}
          className={`${control.className} ${styles.textarea}`}
          value={value}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
    </Field>
  );
}

export function SelectField({
  value,
  onValue,
  options,
  input,
  ...field
}: Common & {
  options: readonly { value: string; label: string; disabled?: boolean }[];
  input?: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'id'>;
}) {
  return (
    <Field {...field}>
      {(control) => (
        <select {...control} {...input} value={value} onChange={(event) => onValue(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** One of the form's sections: a card titled by its heading. */
export function FormSection({
  id,
  title,
  description,
  level = 2,
  className,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  /** The heading's level: 2 on a page of sections, 3 where the sections sit under a heading of their own. */
  level?: 2 | 3;
  className?: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={[styles.section, className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <Heading id={id} className={styles.sectionTitle}>
        {title}
      </Heading>
      {description && <p className={styles.sectionText}>{description}</p>}
      {children}
    </section>
  );
}
