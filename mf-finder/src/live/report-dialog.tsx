import { useState, type FormEvent } from 'react';
import { Button, Dialog, toast } from '@laundry/ui';
import { quickReportKinds, type Laundromat, type LiveState } from '@laundry/contracts';
import { signInUrl } from '../api/sign-in.ts';
import { CheckboxField, FormField } from '../add/form-field.tsx';
import { useCurrentUser } from '../hooks/use-current-user.ts';
import { useText } from '../shared/use-text.ts';
import {
  checkReport,
  initialReportValues,
  type ReportFormErrors,
  type ReportFormValues,
  type ReportRequest,
} from './report-form.ts';
import { useSendReport } from './use-availability.ts';
import styles from './live.module.css';

/** 'I'm here: how many free?': signed out, a prompt to sign in; signed in, the one-tap answers and the form. */
export function ReportButton({ laundromat, live }: { laundromat: Laundromat; live: LiveState | null }) {
  const { t } = useText();
  const { isSignedIn } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const start = () => {
    if (!isSignedIn) {
      toast({ title: t('live.signInRequired') });
      window.location.assign(signInUrl(`${window.location.pathname}${window.location.search}`));
      return;
    }
    setOpen(true);
  };
  return (
    <>
      <div>
        <Button variant="secondary" size="small" onClick={start} data-testid="live-report-open">
          {t('live.imHere')}
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('live.reportTitle', { name: laundromat.name })}
        className={styles.dialog}
      >
        {open && (
          <ReportForm
            laundromat={laundromat}
            totals={{
              washers: live?.washersTotal ?? laundromat.numWashers,
              dryers: live?.dryersTotal ?? laundromat.numDryers,
            }}
            onClose={() => setOpen(false)}
          />
        )}
      </Dialog>
    </>
  );
}

const fieldKeys: Record<keyof ReportFormValues, string> = {
  washersFree: 'live.form.washersFree',
  washersTotal: 'live.form.washersTotal',
  dryersFree: 'live.form.dryersFree',
  dryersTotal: 'live.form.dryersTotal',
  outOfOrderWashers: 'live.form.outOfOrderWashers',
  outOfOrderDryers: 'live.form.outOfOrderDryers',
  waitMinutes: 'live.form.waitMinutes',
  note: 'live.form.note',
};

function ReportForm({
  laundromat,
  totals,
  onClose,
}: {
  laundromat: Laundromat;
  totals: { washers: number | null; dryers: number | null };
  onClose: () => void;
}) {
  const { t } = useText();
  const [values, setValues] = useState<ReportFormValues>(() => initialReportValues(totals));
  const [errors, setErrors] = useState<ReportFormErrors>({});
  const [withPosition, setWithPosition] = useState(true);
  const send = useSendReport(laundromat.id, onClose);
  const submit = (request: ReportRequest) => send.mutate({ request, withPosition });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkReport(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    submit(check.request);
  };
  const field = (
    name: keyof ReportFormValues,
    props: { inputMode?: 'numeric'; maxLength?: number } = { inputMode: 'numeric' },
  ) => (
    <FormField
      id={`live-${name}`}
      label={t(fieldKeys[name])}
      value={values[name]}
      onValue={(value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setErrors({});
      }}
      errorKey={errors[name]}
      {...props}
    />
  );

  return (
    <div className={styles.form}>
      <p className={styles.muted}>{t('live.quickIntro')}</p>
      <div className={styles.quick} role="group" aria-label={t('live.quickLabel')}>
        {quickReportKinds.map((kind) => (
          <Button
            key={kind}
            variant={kind === 'all-free' ? 'primary' : 'secondary'}
            disabled={send.isPending}
            onClick={() => submit({ kind })}
          >
            {t(`live.quick.${kind}`)}
          </Button>
        ))}
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('live.form.title')}>
        <strong>{t('live.form.title')}</strong>
        <div className={styles.pair}>
          {field('washersFree')}
          {field('washersTotal')}
          {field('dryersFree')}
          {field('dryersTotal')}
          {field('outOfOrderWashers')}
          {field('outOfOrderDryers')}
        </div>
        {field('waitMinutes')}
        {field('note', { maxLength: 280 })}
        <CheckboxField
          id="live-position"
          label={t('live.form.position')}
          checked={withPosition}
          onChecked={setWithPosition}
        />
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onClose}>
            {t('live.form.cancel')}
          </Button>
          <Button type="submit" disabled={send.isPending} data-testid="live-report-send">
            {t('live.form.send')}
          </Button>
        </div>
      </form>
    </div>
  );
}
