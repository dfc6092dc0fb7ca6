import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Laundromat, OwnerClaim } from '@laundry/contracts';
import { Button, Card, buttonClassName } from '@laundry/ui';
import {
  claimByDocument,
  claimByEmail,
  ownedLaundromatsKey,
  useClaimedLaundromat,
  useOwnedLaundromats,
  verifyClaim,
} from '../api/claims.ts';
import { useCurrentUser } from '../api/queries.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { Field, SelectField, TextField } from '../components/form-field.tsx';
import { LoadFailed, PageLoading, SignInCard } from '../components/page-states.tsx';
import { useScrollToTop } from '../components/use-scroll-to-top.ts';
import { useText } from '../components/use-text.ts';
import { statusOf } from '../domain/api-errors.ts';
import {
  addressLine,
  claimAddress,
  claimCode,
  claimDomainOf,
  ownStanding,
  type OwnStanding,
} from '../domain/claim.ts';
import { ns } from '../domain/i18n-text.ts';
import { verificationAccept } from '../domain/verification.ts';
import formStyles from '../components/form.module.css';
import pageStyles from '../components/page.module.css';
import styles from '../claim/claim.module.css';

type Method = 'email' | 'document';
const documentTypes = ['business-licence', 'utility-bill'] as const;
type DocumentType = (typeof documentTypes)[number];

/** A failed call's message under the form, announced; the session's end goes to sign-in instead. */
function useFailure() {
  const { t, failure } = useText();
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    clear: () => setMessage(null),
    onError: (error: unknown) => {
      if (!handledAsSignedOut(error, t)) setMessage(failure(error));
    },
  };
}

function FailureLine({ message }: { message: string | null }) {
  return message ? (
    <p className={styles.error} role="alert" data-testid="claim-error">
      {message}
    </p>
  ) : null;
}

function EmailClaim({
  laundromat,
  domain,
  onSent,
}: {
  laundromat: Laundromat;
  domain: string;
  onSent: (claim: OwnerClaim) => void;
}) {
  const { t, locale } = useText();
  const [typed, setTyped] = useState('');
  const failed = useFailure();
  const send = useMutation({
    mutationFn: (email: string) => claimByEmail(laundromat.id, email, locale),
    onSuccess: onSent,
    onError: failed.onError,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    failed.clear();
    send.mutate(claimAddress(typed, domain));
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('claims.byEmail', { domain })}>
      <TextField
        id="claim-email"
        label={t('claims.email', { domain })}
        hint={t('claims.emailHint', { domain })}
        value={typed}
        onValue={setTyped}
        required
        input={{ autoComplete: 'email', placeholder: `info@${domain}`, spellCheck: false }}
      />
      <FailureLine message={failed.message} />
      <div className={formStyles.actions}>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('claims.sending') : t('claims.sendCode')}
        </Button>
      </div>
    </form>
  );
}

function CodeEntry({
  claim,
  onVerified,
  onRestart,
}: {
  claim: OwnerClaim;
  onVerified: () => void;
  onRestart: () => void;
}) {
  const { t } = useText();
  const [typed, setTyped] = useState('');
  const failed = useFailure();
  const verify = useMutation({
    mutationFn: (code: string) => verifyClaim(claim.id, code),
    onSuccess: onVerified,
    onError: failed.onError,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    failed.clear();
    verify.mutate(claimCode(typed));
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('claims.codeFormLabel')}>
      <p className={styles.text} role="status">
        {t('claims.codeSent', { email: claim.email ?? '' })}
      </p>
      <TextField
        id="claim-code"
        label={t('claims.code')}
        value={typed}
        onValue={setTyped}
        required
        className={styles.codeField}
        input={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 12 }}
      />
      <FailureLine message={failed.message} />
      <div className={formStyles.actions}>
        <Button type="button" variant="secondary" onClick={onRestart}>
          {t('claims.otherAddress')}
        </Button>
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? t('claims.verifying') : t('claims.verify')}
        </Button>
      </div>
    </form>
  );
}

function DocumentClaim({ laundromat, onSent }: { laundromat: Laundromat; onSent: () => void }) {
  const { t } = useText();
  const [documentType, setDocumentType] = useState<DocumentType>('business-licence');
  const [file, setFile] = useState<File | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const failed = useFailure();
  const send = useMutation({
    mutationFn: (document: File) => claimByDocument(laundromat.id, documentType, document),
    onSuccess: onSent,
    onError: failed.onError,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    failed.clear();
    setMissingFile(file === null);
    if (file) send.mutate(file);
    else document.getElementById('claim-document')?.focus();
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('claims.byDocument')}>
      <SelectField
        id="claim-documentType"
        label={t('claims.documentType')}
        value={documentType}
        onValue={(value) => setDocumentType(value as DocumentType)}
        required
        options={documentTypes.map((type) => ({ value: type, label: t(`claims.documentTypes.${type}`) }))}
      />
      <Field
        id="claim-document"
        label={t('claims.document')}
        hint={t('claims.documentHint')}
        error={missingFile ? { key: ns('claims.chooseFile') } : undefined}
        required
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept={verificationAccept}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setMissingFile(false);
            }}
          />
        )}
      </Field>
      <FailureLine message={failed.message} />
      <div className={formStyles.actions}>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('claims.uploading') : t('claims.sendDocument')}
        </Button>
      </div>
    </form>
  );
}

function Outcome({ title, text, testId }: { title: string; text: string; testId: string }) {
  const { t } = useText();
  return (
    <Card className={styles.outcome} role="status" data-testid={testId}>
      <h2>{title}</h2>
      <p>{text}</p>
      <Link className={buttonClassName()} to="/advertiser/laundromats">
        {t('claims.listTitle')}
      </Link>
    </Card>
  );
}

function ClaimSteps({ laundromat, standing }: { laundromat: Laundromat; standing: OwnStanding }) {
  const { t } = useText();
  const queryClient = useQueryClient();
  const domain = claimDomainOf(laundromat);
  const [method, setMethod] = useState<Method>(domain ? 'email' : 'document');
  // Back on the page with a code still running, or already past it: the page starts where the person is.
  const [awaiting, setAwaiting] = useState<OwnerClaim | null>(
    standing.kind === 'awaiting-code' ? standing.claim : null,
  );
  const [done, setDone] = useState<'verified' | 'waiting' | null>(
    standing.kind === 'verified' ? 'verified' : standing.kind === 'in-review' ? 'waiting' : null,
  );
  const finished = (outcome: 'verified' | 'waiting') => {
    void queryClient.invalidateQueries({ queryKey: ownedLaundromatsKey });
    setDone(outcome);
  };

  if (done === 'verified')
    return (
      <Outcome
        testId="claim-verified"
        title={t('claims.verifiedTitle')}
        text={t('claims.verifiedText', { name: laundromat.name })}
      />
    );
  if (done === 'waiting')
    return (
      <Outcome
        testId="claim-waiting"
        title={t('claims.waitingTitle')}
        text={t('claims.waitingText', { name: laundromat.name })}
      />
    );
  if (awaiting)
    return (
      <Card className={styles.step}>
        <CodeEntry
          claim={awaiting}
          onVerified={() => finished('verified')}
          onRestart={() => setAwaiting(null)}
        />
      </Card>
    );

  return (
    <Card className={styles.step}>
      <fieldset className={styles.methods}>
        <legend className={styles.legend}>{t('claims.methodLabel')}</legend>
        {domain && (
          <label className={styles.method}>
            <input
              type="radio"
              name="claim-method"
              checked={method === 'email'}
              onChange={() => setMethod('email')}
            />
            <span>
              <strong>{t('claims.byEmail', { domain })}</strong>
              <span className={styles.methodText}>{t('claims.byEmailText')}</span>
            </span>
          </label>
        )}
        <label className={styles.method}>
          <input
            type="radio"
            name="claim-method"
            checked={method === 'document'}
            onChange={() => setMethod('document')}
          />
          <span>
            <strong>{t('claims.byDocument')}</strong>
            <span className={styles.methodText}>{t('claims.byDocumentText')}</span>
          </span>
        </label>
        {!domain && <p className={styles.text}>{t('claims.noWebsite')}</p>}
      </fieldset>
      {method === 'email' && domain ? (
        <EmailClaim laundromat={laundromat} domain={domain} onSent={setAwaiting} />
      ) : (
        <DocumentClaim laundromat={laundromat} onSent={() => finished('waiting')} />
      )}
    </Card>
  );
}

/**
 * /advertiser/claim/{laundromatId} (docs/product.md, Pages): a person proves they run a laundromat, by a code
 * mailed to an address at its website's domain (only when it has a website of its own) or by a business
 * document an admin reviews. Open to anyone signed in: no advertiser profile is needed.
 */
export default function ClaimPage() {
  const { t } = useText();
  const { laundromatId = '' } = useParams();
  const user = useCurrentUser();
  useScrollToTop();
  const laundromat = useClaimedLaundromat(laundromatId, user.isSignedIn);
  const owned = useOwnedLaundromats(user.isSignedIn);

  if (user.isLoading) return <PageLoading />;
  if (!user.isSignedIn)
    return <SignInCard returnTo={`/advertiser/claim/${laundromatId}`} text={t('claims.signInText')} />;
  // Without the list the page starts at the choice; the service still refuses a second claim.
  if (laundromat.isPending || (owned.isPending && !owned.isError)) return <PageLoading />;
  if (laundromat.error) {
    const status = statusOf(laundromat.error);
    if (status !== 404 && status !== 400) return <LoadFailed onRetry={() => void laundromat.refetch()} />;
    return (
      <div className={pageStyles.page}>
        <Card className={pageStyles.messageCard}>
          <h1>{t('claims.notFoundTitle')}</h1>
          <p>{t('claims.notFoundText')}</p>
          <a className={buttonClassName()} href="/">
            {t('claims.findLink')}
          </a>
        </Card>
      </div>
    );
  }

  const place = laundromat.data;
  return (
    <div className={`${pageStyles.page} ${pageStyles.narrow}`}>
      <header className={pageStyles.header}>
        <div className={pageStyles.headerText}>
          <Link className={pageStyles.backLink} to="/advertiser/laundromats">
            ← {t('claims.listTitle')}
          </Link>
          <h1 className={pageStyles.title}>{t('claims.title')}</h1>
          <p className={pageStyles.subtitle}>{t('claims.subtitle')}</p>
        </div>
      </header>
      <Card className={styles.place} data-testid="claim-laundromat">
        <h2 className={styles.placeName}>{place.name}</h2>
        <p className={styles.placeAddress}>{addressLine(place)}</p>
      </Card>
      <ClaimSteps laundromat={place} standing={ownStanding(owned.data, place.id, new Date())} />
    </div>
  );
}
