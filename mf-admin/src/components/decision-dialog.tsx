import { useId, useState, type FormEvent } from 'react';
import { Button, Dialog } from '@laundry/ui';
import {
  decisionBody,
  maxNoteLength,
  reasonRequired,
  type DecisionBody,
  type DecisionKind,
} from '../domain/decisions.ts';
import { useAdminText } from './use-admin-text.ts';
import styles from './admin.module.css';

export interface DecisionRequest {
  kind: DecisionKind;
  /** What is decided on, named in the dialog's title. */
  subject: string;
}

/**
 * Asks for the reason a decision needs (or the optional notes it may carry), checks it as the server will,
 * then hands the request body to `onConfirm`.
 */
export function DecisionDialog({
  request,
  pending,
  onConfirm,
  onClose,
}: {
  request: DecisionRequest | null;
  pending: boolean;
  onConfirm: (kind: DecisionKind, body: DecisionBody) => void;
  onClose: () => void;
}) {
  const { t } = useAdminText();
  const id = useId();
  const [note, setNote] = useState('');
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const kind = request?.kind;
  const required = kind ? reasonRequired[kind] : false;

  const close = () => {
    setNote('');
    setErrorKey(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!kind) return;
    const checked = decisionBody(kind, note);
    if (!checked.ok) {
      setErrorKey(checked.errorKey);
      return;
    }
    setErrorKey(null);
    onConfirm(kind, checked.body);
    setNote('');
  };

  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => !open && close()}
      title={kind ? t(`decision.${kind}.title`, { name: request?.subject }) : ''}
      description={kind ? t(`decision.${kind}.text`) : undefined}
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <label htmlFor={`${id}-note`} className={styles.label}>
          {required ? t('decision.reason') : t('decision.notes')}
        </label>
        <textarea
          id={`${id}-note`}
          className={styles.textarea}
          value={note}
          rows={4}
          maxLength={maxNoteLength + 100}
          required={required}
          aria-invalid={errorKey ? true : undefined}
          aria-describedby={errorKey ? `${id}-error` : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        {errorKey && (
          <span id={`${id}-error`} className={styles.error} role="alert">
            {t(errorKey, { max: maxNoteLength })}
          </span>
        )}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant={kind?.endsWith('approve') || kind?.endsWith('verify') ? 'primary' : 'danger'}
            disabled={pending}
          >
            {kind ? t(`decision.${kind}.confirm`) : ''}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
