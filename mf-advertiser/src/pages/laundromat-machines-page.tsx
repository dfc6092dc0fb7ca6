import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Dialog, Skeleton, toast } from '@laundry/ui';
import type { OwnerFeedKey } from '@laundry/contracts';
import {
  createFeedKey,
  feedKeysKey,
  markOutOfOrderFixed,
  outOfOrderKey,
  revokeFeedKey,
  rotateFeedKey,
  useFeedKeys,
  useOwnerOutOfOrder,
} from '../api/machine-feed.ts';
import { useCurrentUser, useLaundromatNames } from '../api/queries.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { TextField } from '../components/form-field.tsx';
import { LoadFailed, PageLoading, SignInCard } from '../components/page-states.tsx';
import { useScrollToTop } from '../components/use-scroll-to-top.ts';
import { useText } from '../components/use-text.ts';
import { statusOf } from '../domain/api-errors.ts';
import type { I18nText } from '../domain/i18n-text.ts';
import {
  createKeyRequest,
  feedKeyLabelMax,
  feedKeyRotationOverlapMinutes,
  feedSummary,
  formatInstant,
  keyName,
  keyStatus,
  machineFeedExample,
  machineFeedPath,
  outOfOrderRows,
} from '../domain/machine-feed.ts';
import pageStyles from '../components/page.module.css';
import claimStyles from '../claim/claim.module.css';
import styles from '../machines/machines.module.css';

/** A secret just made: shown once, with the old key's end when it replaced one. */
interface NewSecret {
  key: string;
  name: I18nText;
  replacedUntil?: string;
}

type Confirm = { action: 'rotate' | 'revoke'; key: OwnerFeedKey } | null;

/**
 * /advertiser/laundromats/:laundromatId/machines: the verified owner's machine feed (docs/machine-feeds.md)
 * and visitors' out-of-order reports, from the availability service's owner calls: whether the feed is
 * heard, its keys (create, rotate, revoke, each new secret shown once with how to use it) and 'Mark fixed'.
 */
export default function LaundromatMachinesPage() {
  const { t, text, failure, locale } = useText();
  const { laundromatId = '' } = useParams();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  useScrollToTop();
  const keys = useFeedKeys(laundromatId, user.isSignedIn);
  const allowed = keys.isSuccess;
  const outOfOrder = useOwnerOutOfOrder(laundromatId, user.isSignedIn && allowed);
  const names = useLaundromatNames(useMemo(() => [laundromatId], [laundromatId]));
  const name = names.get(laundromatId);

  const [creating, setCreating] = useState(false);
  const [label, setLabel] = useState('');
  const [labelError, setLabelError] = useState<I18nText | undefined>();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [secret, setSecret] = useState<NewSecret | null>(null);
  const secretRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (secret) secretRef.current?.focus();
  }, [secret]);

  const refreshKeys = () => void queryClient.invalidateQueries({ queryKey: feedKeysKey(laundromatId) });
  const failed = (title: string) => (error: unknown) => {
    if (handledAsSignedOut(error, t)) return;
    const description = statusOf(error) === 404 ? t('machines.keyGone') : failure(error);
    toast({ title, description, variant: 'destructive' });
    refreshKeys();
  };

  const create = useMutation({
    mutationFn: (body: { label?: string }) => createFeedKey(laundromatId, body),
    onSuccess: (created) => {
      setCreating(false);
      setLabel('');
      setSecret({ key: created.key, name: keyName(created, locale) });
      refreshKeys();
    },
    onError: failed(t('machines.create.failed')),
  });
  const rotate = useMutation({
    mutationFn: (keyId: string) => rotateFeedKey(laundromatId, keyId),
    onSuccess: (rotated) => {
      setSecret({
        key: rotated.key,
        name: keyName(rotated, locale),
        replacedUntil: formatInstant(rotated.replaces.revokedAt, locale),
      });
      refreshKeys();
    },
    onError: failed(t('machines.rotate.failed')),
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => revokeFeedKey(laundromatId, keyId),
    onSuccess: () => {
      toast({ title: t('machines.revoke.done'), variant: 'success' });
      refreshKeys();
    },
    onError: failed(t('machines.revoke.failed')),
  });
  const fixed = useMutation({
    mutationFn: () => markOutOfOrderFixed(laundromatId),
    onSuccess: () => toast({ title: t('machines.outOfOrder.fixedDone'), variant: 'success' }),
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      // A 404: nothing is reported broken any more (someone else marked it fixed); the list is asked again.
      if (statusOf(error) !== 404)
        toast({
          title: t('machines.outOfOrder.fixedFailed'),
          description: failure(error),
          variant: 'destructive',
        });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: outOfOrderKey(laundromatId) }),
  });

  if (user.isLoading) return <PageLoading />;
  if (!user.isSignedIn)
    return <SignInCard returnTo={`/advertiser/laundromats/${encodeURIComponent(laundromatId)}/machines`} />;
  const refused = keys.error ? statusOf(keys.error) : null;
  if (keys.error && refused !== 403 && refused !== 404)
    return <LoadFailed onRetry={() => void keys.refetch()} />;

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    const check = createKeyRequest(label);
    if (!check.ok) {
      setLabelError(check.error);
      return;
    }
    setLabelError(undefined);
    create.mutate(check.body);
  };

  const data = keys.data;
  const summary = data ? feedSummary(data, locale) : null;
  const broken = outOfOrderRows(outOfOrder.data, locale);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const confirmName = confirm ? text(keyName(confirm.key, locale)) : '';

  return (
    <div className={`${pageStyles.page} ${pageStyles.narrow}`}>
      <header className={pageStyles.header}>
        <div className={pageStyles.headerText}>
          <Link className={pageStyles.backLink} to="/advertiser/laundromats">
            ← {t('insights.backToList')}
          </Link>
          <h1 className={pageStyles.title}>
            {name === undefined ? (
              <Skeleton width="12rem" />
            ) : (
              t('machines.title', { name: name ?? t('claims.unknownName') })
            )}
          </h1>
          <p className={pageStyles.subtitle}>{t('machines.subtitle')}</p>
        </div>
      </header>

      {refused !== null ? (
        <Card className={pageStyles.messageCard} data-testid="machines-refused">
          <h2>{t(refused === 403 ? 'machines.notYoursTitle' : 'machines.notFoundTitle')}</h2>
          <p>{t(refused === 403 ? 'machines.notYours' : 'machines.notFound')}</p>
          <Link to="/advertiser/laundromats">{t('insights.backToList')}</Link>
        </Card>
      ) : (
        <div className={styles.sections}>
          {secret && (
            <Card className={styles.secret} data-testid="feed-secret-box">
              <div ref={secretRef} tabIndex={-1} role="status" className={styles.secretHead}>
                <h2 className={styles.sectionTitle}>
                  {t('machines.secret.title', { name: text(secret.name) })}
                </h2>
                <p className={styles.warning}>
                  <strong>{t('machines.secret.once')}</strong>
                </p>
              </div>
              <SecretField value={secret.key} />
              {secret.replacedUntil && (
                <p className={styles.muted} data-testid="feed-secret-replaces">
                  {t('machines.secret.replaces', { time: secret.replacedUntil })}
                </p>
              )}
              <h3 className={styles.subTitle}>{t('machines.howTo.title')}</h3>
              <ol className={styles.steps}>
                <li>
                  {t('machines.howTo.endpoint')} <code>POST {machineFeedPath}</code>
                </li>
                <li>
                  {t('machines.howTo.header')} <code>Authorization: Bearer …</code>
                </li>
                <li>{t('machines.howTo.body')}</li>
              </ol>
              <pre className={styles.example} data-testid="feed-example">
                {machineFeedExample(origin, 'lfk_…')}
              </pre>
              <p className={styles.muted}>{t('machines.howTo.statuses')}</p>
              <div className={styles.actions}>
                <Button onClick={() => setSecret(null)}>{t('machines.secret.done')}</Button>
              </div>
            </Card>
          )}

          <Card className={styles.section} data-testid="feed-state">
            <h2 className={styles.sectionTitle}>{t('machines.feed.title')}</h2>
            {!summary ? (
              <Skeleton height="2.5rem" />
            ) : (
              <>
                <p className={styles.stateLine}>
                  <Badge tone={summary.tone} data-testid="feed-state-badge">
                    {text(summary.label)}
                  </Badge>
                  <span data-testid="feed-state-text">
                    {data?.lastMessageAt ? (
                      <time dateTime={data.lastMessageAt} data-testid="feed-last-message">
                        {text(summary.text)}
                      </time>
                    ) : (
                      text(summary.text)
                    )}
                  </span>
                </p>
                <div className={styles.actions}>
                  <Button
                    variant="secondary"
                    onClick={() => void keys.refetch()}
                    disabled={keys.isFetching}
                    data-testid="feed-check"
                  >
                    {keys.isFetching ? t('machines.feed.checking') : t('machines.feed.check')}
                  </Button>
                </div>
              </>
            )}
          </Card>

          <Card className={styles.section}>
            <div className={styles.sectionHead}>
              <h2 className={styles.sectionTitle} id="feed-keys-title">
                {t('machines.keys.title')}
              </h2>
              <Button onClick={() => setCreating(true)} disabled={!data} data-testid="feed-create">
                {t('machines.create.button')}
              </Button>
            </div>
            <p className={styles.muted}>
              {t('machines.keys.text', { minutes: feedKeyRotationOverlapMinutes })}
            </p>
            {!data ? (
              <Skeleton height="5rem" />
            ) : data.items.length === 0 ? (
              <p className={styles.empty} data-testid="feed-keys-empty">
                {t('machines.keys.empty')}
              </p>
            ) : (
              <table className={styles.keys} aria-labelledby="feed-keys-title" data-testid="feed-keys">
                <thead>
                  <tr>
                    <th scope="col">{t('machines.keys.label')}</th>
                    <th scope="col">{t('machines.keys.created')}</th>
                    <th scope="col">{t('machines.keys.lastMessage')}</th>
                    <th scope="col">{t('machines.keys.state')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('machines.keys.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((key) => {
                    const status = keyStatus(key, locale);
                    const keyText = text(keyName(key, locale));
                    return (
                      <tr key={key.id} data-key-id={key.id} data-state={status.state} data-testid="feed-key">
                        <th scope="row" data-label={t('machines.keys.label')}>
                          <span className={styles.cell}>{key.label ?? t('machines.keys.noLabel')}</span>
                        </th>
                        <td data-label={t('machines.keys.created')}>
                          <time dateTime={key.createdAt}>{formatInstant(key.createdAt, locale)}</time>
                        </td>
                        <td data-label={t('machines.keys.lastMessage')} data-testid="feed-key-last">
                          {key.lastMessageAt ? (
                            <time dateTime={key.lastMessageAt}>
                              {formatInstant(key.lastMessageAt, locale)}
                            </time>
                          ) : (
                            t('machines.keys.never')
                          )}
                        </td>
                        <td data-label={t('machines.keys.state')}>
                          <Badge
                            tone={status.tone}
                            className={styles.stateBadge}
                            data-testid="feed-key-state"
                          >
                            {text(status.text)}
                          </Badge>
                        </td>
                        <td data-label={t('machines.keys.actions')}>
                          <span className={styles.rowActions}>
                            {status.canRotate && (
                              <Button
                                variant="secondary"
                                size="small"
                                onClick={() => setConfirm({ action: 'rotate', key })}
                                aria-label={t('machines.rotate.named', { name: keyText })}
                              >
                                {t('machines.rotate.button')}
                              </Button>
                            )}
                            {status.canRevoke && (
                              <Button
                                variant="danger"
                                size="small"
                                onClick={() => setConfirm({ action: 'revoke', key })}
                                aria-label={t('machines.revoke.named', { name: keyText })}
                              >
                                {t('machines.revoke.button')}
                              </Button>
                            )}
                          </span>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </Card>

          <Card className={styles.section} data-testid="out-of-order">
            <h2 className={styles.sectionTitle}>{t('machines.outOfOrder.title')}</h2>
            {outOfOrder.isPending ? (
              <Skeleton height="3rem" />
            ) : outOfOrder.error ? (
              <p className={styles.muted} role="alert">
                {t('machines.outOfOrder.loadFailed')}
              </p>
            ) : !broken ? (
              <p className={styles.empty} data-testid="out-of-order-none">
                {t('machines.outOfOrder.none')}
              </p>
            ) : (
              <>
                <p className={styles.muted}>{text(broken.when)}</p>
                <dl className={styles.counts}>
                  <div>
                    <dt>{t('machines.outOfOrder.washers')}</dt>
                    <dd data-testid="out-of-order-washers">{broken.washers}</dd>
                  </div>
                  <div>
                    <dt>{t('machines.outOfOrder.dryers')}</dt>
                    <dd data-testid="out-of-order-dryers">{broken.dryers}</dd>
                  </div>
                </dl>
                <p className={styles.muted}>{t('machines.outOfOrder.fixedHint')}</p>
                <div className={styles.actions}>
                  <Button onClick={() => fixed.mutate()} disabled={fixed.isPending}>
                    {t('machines.outOfOrder.markFixed')}
                  </Button>
                </div>
              </>
            )}
          </Card>
        </div>
      )}

      <Dialog
        open={creating}
        onOpenChange={(open) => {
          if (!open) setCreating(false);
        }}
        title={t('machines.create.title')}
        description={t('machines.create.text')}
      >
        <form className={claimStyles.form} onSubmit={onCreate} noValidate>
          <TextField
            id="feed-key-label"
            label={t('machines.create.label')}
            hint={t('machines.create.labelHint')}
            value={label}
            onValue={setLabel}
            error={labelError}
            input={{ maxLength: feedKeyLabelMax, autoComplete: 'off' }}
          />
          <div className={claimStyles.dialogActions}>
            <Button variant="secondary" onClick={() => setCreating(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {t('machines.create.submit')}
            </Button>
          </div>
        </form>
      </Dialog>

      <Dialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={t(confirm?.action === 'revoke' ? 'machines.revoke.title' : 'machines.rotate.title', {
          name: confirmName,
        })}
        description={t(confirm?.action === 'revoke' ? 'machines.revoke.text' : 'machines.rotate.text', {
          minutes: feedKeyRotationOverlapMinutes,
        })}
      >
        <div className={claimStyles.dialogActions}>
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            variant={confirm?.action === 'revoke' ? 'danger' : 'primary'}
            onClick={() => {
              if (confirm?.action === 'revoke') revoke.mutate(confirm.key.id);
              else if (confirm) rotate.mutate(confirm.key.id);
              setConfirm(null);
            }}
          >
            {t(confirm?.action === 'revoke' ? 'machines.revoke.confirm' : 'machines.rotate.confirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** The secret in a box to select or copy; the browser may refuse the clipboard, then it is selected. */
function SecretField({ value }: { value: string }) {
  const { t } = useText();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    inputRef.current?.select();
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast({ title: t('machines.secret.copyFailed') });
    }
  };
  return (
    <div className={styles.secretRow}>
      <label className="visually-hidden" htmlFor="feed-secret">
        {t('machines.secret.label')}
      </label>
      <input
        ref={inputRef}
        id="feed-secret"
        className={styles.secretValue}
        value={value}
        readOnly
        spellCheck={false}
        onFocus={(event) => event.target.select()}
        data-testid="feed-secret"
      />
      <Button variant="secondary" onClick={() => void copy()} data-testid="feed-secret-copy">
        {copied ? t('machines.secret.copied') : t('machines.secret.copy')}
      </Button>
    </div>
  );
}
