import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimTransfer } from '@laundry/contracts';
import { Button, Dialog, supportedLanguages, toast } from '@laundry/ui';
import { cancelTransfer, ownedLaundromatsKey, startTransfer } from '../api/claims.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { SelectField, TextField } from '../components/form-field.tsx';
import { useText } from '../components/use-text.ts';
import { formatDay } from '../domain/formats.ts';
import styles from './claim.module.css';

/**
 * 'Transfer' of an owned laundromat: the address of the person taking it over and the language of their
 * mail. Nothing changes hands until they accept; the owner may cancel while it waits (7 days).
 */
export function TransferDialog({
  laundromat,
  onClose,
}: {
  laundromat: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const { t, failure, locale } = useText();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState<string>(
    (supportedLanguages as readonly string[]).includes(locale) ? locale : 'en',
  );
  const [message, setMessage] = useState<string | null>(null);
  const close = () => {
    setEmail('');
    setMessage(null);
    onClose();
  };
  const send = useMutation({
    mutationFn: (input: { laundromatId: string; email: string }) =>
      startTransfer(input.laundromatId, input.email.trim(), language),
    onSuccess: (transfer) => {
      toast({ title: t('claims.transfer.sent', { email: transfer.email }), variant: 'success' });
      close();
    },
    onError: (error) => {
      if (!handledAsSignedOut(error, t)) setMessage(failure(error));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ownedLaundromatsKey }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (laundromat) send.mutate({ laundromatId: laundromat.id, email });
  };
  return (
    <Dialog
      open={laundromat !== null}
      onOpenChange={(open) => !open && close()}
      title={t('claims.transfer.title', { name: laundromat?.name ?? '' })}
      description={t('claims.transfer.text')}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="transfer-form">
        <TextField
          id="transfer-email"
          label={t('claims.transfer.email')}
          hint={t('claims.transfer.emailHint')}
          value={email}
          onValue={(value) => {
            setEmail(value);
            setMessage(null);
          }}
          required
          input={{ type: 'email', autoComplete: 'off', spellCheck: false }}
        />
        <SelectField
          id="transfer-language"
          label={t('claims.transfer.language')}
          value={language}
          onValue={setLanguage}
          options={supportedLanguages.map((each) => ({ value: each, label: t(`common:languages.${each}`) }))}
        />
        {message && (
          <p className={styles.error} role="alert" data-testid="transfer-error">
            {message}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button type="button" variant="secondary" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('claims.sending') : t('claims.transfer.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A waiting transfer under its laundromat: to whom, until when, and 'Cancel transfer'. */
export function PendingTransfer({ transfer, name }: { transfer: ClaimTransfer; name: string }) {
  const { t, failure, locale } = useText();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelTransfer(transfer.laundromatId),
    onSuccess: () => toast({ title: t('claims.transfer.cancelled'), variant: 'success' }),
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      toast({
        title: t('claims.transfer.cancelFailed'),
        description: failure(error),
        variant: 'destructive',
      });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ownedLaundromatsKey }),
  });
  return (
    <div className={styles.transferLine} data-testid="owned-transfer-pending">
      <p className={styles.rowMeta}>
        {t('claims.transfer.pending', {
          email: transfer.email,
          date: formatDay(transfer.expiresAt, locale),
        })}
      </p>
      <Button
        variant="secondary"
        onClick={() => cancel.mutate()}
        disabled={cancel.isPending}
        aria-label={t('claims.transfer.cancelNamed', { name })}
        data-testid="owned-transfer-cancel"
      >
        {t('claims.transfer.cancel')}
      </Button>
    </div>
  );
}
