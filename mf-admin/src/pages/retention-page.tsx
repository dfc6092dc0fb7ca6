import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RetentionPolicy, UpdateRetentionPolicyRequest } from '@laundry/contracts';
import { Badge, Button, Card, Dialog, Switch, toast } from '@laundry/ui';
import { patchJson } from '../api/admin-http.ts';
import { adminKey, retentionPolicies } from '../api/admin-queries.ts';
import { AdminLayout } from '../components/admin-layout.tsx';
import { Empty, LoadError, Loading } from '../components/query-states.tsx';
import { useAdminText } from '../components/use-admin-text.ts';
import { redirectToSignIn } from '../components/use-decision.ts';
import { errorDetail, errorText, isSignedOutError } from '../domain/admin-errors.ts';
import styles from '../components/admin.module.css';

const knownDataTypes = new Set([
  'sessions',
  'unverified-accounts',
  'ad-events',
  'ad-event-addresses',
  'audit-log-addresses',
  'outbox-events',
  'processed-events',
  'refused-documents',
  'team-invitations',
]);
/** The services in the order the product lists them (services.ts); an unknown one comes last. */
const serviceOrder = ['identity', 'directory', 'review', 'photo', 'ad', 'billing'];
const knownServices = new Set(serviceOrder);

function groupByService(policies: readonly RetentionPolicy[]): [string, RetentionPolicy[]][] {
  const groups = new Map<string, RetentionPolicy[]>();
  for (const policy of policies) groups.set(policy.service, [...(groups.get(policy.service) ?? []), policy]);
  const rank = (service: string) =>
    knownServices.has(service) ? serviceOrder.indexOf(service) : serviceOrder.length;
  return [...groups].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * Data retention policies (docs/product.md, Data retention): how long each service keeps each kind of data,
 * and its last clean-up.
 */
export default function RetentionPage() {
  const { t } = useAdminText();
  const policies = useQuery(retentionPolicies());
  const [editing, setEditing] = useState<RetentionPolicy | null>(null);

  return (
    <AdminLayout title={t('retention.title')} intro={t('retention.intro')}>
      {policies.isPending ? (
        <Loading />
      ) : policies.isError ? (
        <LoadError error={policies.error} onRetry={() => void policies.refetch()} />
      ) : policies.data.policies.length === 0 ? (
        <Empty title={t('retention.emptyTitle')} text={t('retention.empty')} />
      ) : (
        groupByService(policies.data.policies).map(([service, group]) => (
          <section key={service} className={styles.retentionGroup} aria-labelledby={`retention-${service}`}>
            <h2 id={`retention-${service}`} className={styles.retentionService}>
              {knownServices.has(service) ? t(`retention.services.${service}`) : service}
            </h2>
            <ul className={styles.list} aria-labelledby={`retention-${service}`}>
              {group.map((policy) => (
                <PolicyItem key={policy.id} policy={policy} onEdit={() => setEditing(policy)} />
              ))}
            </ul>
          </section>
        ))
      )}
      <PolicyDialog policy={editing} onClose={() => setEditing(null)} />
    </AdminLayout>
  );
}

function usePolicyNames() {
  const { t } = useAdminText();
  return {
    dataType: (policy: RetentionPolicy) =>
      knownDataTypes.has(policy.dataType) ? t(`retention.dataTypes.${policy.dataType}`) : policy.dataType,
    service: (policy: RetentionPolicy) =>
      knownServices.has(policy.service) ? t(`retention.services.${policy.service}`) : policy.service,
  };
}

function PolicyItem({ policy, onEdit }: { policy: RetentionPolicy; onEdit: () => void }) {
  const { t, dateTime } = useAdminText();
  const names = usePolicyNames();
  const state = !policy.isActive ? 'inactive' : policy.autoDeleteEnabled ? 'automatic' : 'manual';
  return (
    <li>
      <Card className={styles.item} data-testid="retention-policy">
        <div className={styles.itemMain}>
          <div className={styles.itemTop}>
            <h3 className={styles.itemTitle}>{names.dataType(policy)}</h3>
            <Badge tone={state === 'automatic' ? 'open' : 'closed'}>{t(`retention.state.${state}`)}</Badge>
          </div>
          <dl className={styles.facts}>
            <dt>{t('retention.period')}</dt>
            <dd>{t(`retention.action.${policy.action}`, { count: policy.retentionPeriodDays })}</dd>
            <dt>{t('retention.legalBasis')}</dt>
            <dd>{policy.legalBasis ?? t('none')}</dd>
            <dt>{t('retention.jurisdiction')}</dt>
            <dd>{policy.jurisdiction ?? t('none')}</dd>
            <dt>{t('retention.lastRun')}</dt>
            <dd>
              {policy.lastCleanupRun
                ? t('retention.lastRunAt', {
                    time: dateTime(policy.lastCleanupRun),
                    count: policy.lastCleanupCount ?? 0,
                  })
                : t('retention.neverRun')}
            </dd>
          </dl>
        </div>
        <div className={styles.itemActions}>
          <Button
            variant="secondary"
            onClick={onEdit}
            aria-label={t('retention.editLabel', {
              name: names.dataType(policy),
              service: names.service(policy),
            })}
          >
            {t('retention.edit')}
          </Button>
        </div>
      </Card>
    </li>
  );
}

interface Draft {
  days: string;
  isActive: boolean;
  autoDeleteEnabled: boolean;
  legalBasis: string;
  jurisdiction: string;
}

const draftOf = (policy: RetentionPolicy): Draft => ({
  days: String(policy.retentionPeriodDays),
  isActive: policy.isActive,
  autoDeleteEnabled: policy.autoDeleteEnabled,
  legalBasis: policy.legalBasis ?? '',
  jurisdiction: policy.jurisdiction ?? '',
});

/** Changes one policy; the service checks every value and the change is written to the audit log. */
function PolicyDialog({ policy, onClose }: { policy: RetentionPolicy | null; onClose: () => void }) {
  const { t, text } = useAdminText();
  const names = usePolicyNames();
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setDraft(policy ? draftOf(policy) : null);
    setError(null);
  }, [policy]);

  const save = useMutation({
    mutationFn: (change: UpdateRetentionPolicyRequest) =>
      patchJson<RetentionPolicy>(`/api/admin/retention-policies/${policy!.id}`, change),
    onSuccess: (saved) => {
      toast({ title: t('retention.saved'), description: names.dataType(saved), variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: [adminKey, 'retention-policies'] });
      onClose();
    },
    onError: (failure) => {
      const detail = errorDetail(failure);
      setError(detail ?? text(errorText(failure)));
      if (isSignedOutError(failure)) redirectToSignIn();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const days = Number(draft.days);
    if (!Number.isInteger(days) || days < 1 || days > 3650) {
      setError(t('retention.daysInvalid'));
      return;
    }
    save.mutate({
      retentionPeriodDays: days,
      isActive: draft.isActive,
      autoDeleteEnabled: draft.autoDeleteEnabled,
      legalBasis: draft.legalBasis,
      jurisdiction: draft.jurisdiction,
    });
  };

  const update = (change: Partial<Draft>) => {
    setDraft((current) => current && { ...current, ...change });
    setError(null);
  };

  return (
    <Dialog
      open={policy !== null && draft !== null}
      onOpenChange={(open) => !open && onClose()}
      title={policy ? names.dataType(policy) : ''}
      description={policy ? t('retention.dialogIntro', { service: names.service(policy) }) : ''}
    >
      {draft && (
        <form className={styles.dialogForm} onSubmit={submit} noValidate>
          <label className={styles.label} htmlFor={`${id}-days`}>
            {t('retention.periodDays')}
          </label>
          <input
            id={`${id}-days`}
            className={styles.input}
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            value={draft.days}
            aria-invalid={error !== null}
            onChange={(event) => update({ days: event.target.value })}
          />
          <label className={styles.label} htmlFor={`${id}-basis`}>
            {t('retention.legalBasis')}
          </label>
          <input
            id={`${id}-basis`}
            className={styles.input}
            maxLength={200}
            value={draft.legalBasis}
            onChange={(event) => update({ legalBasis: event.target.value })}
          />
          <label className={styles.label} htmlFor={`${id}-jurisdiction`}>
            {t('retention.jurisdiction')}
          </label>
          <input
            id={`${id}-jurisdiction`}
            className={styles.input}
            maxLength={10}
            value={draft.jurisdiction}
            onChange={(event) => update({ jurisdiction: event.target.value })}
          />
          <div className={styles.itemTop}>
            <Switch
              id={`${id}-auto`}
              checked={draft.autoDeleteEnabled}
              onCheckedChange={(checked) => update({ autoDeleteEnabled: checked })}
            />
            <label className={styles.label} htmlFor={`${id}-auto`}>
              {t('retention.autoDelete')}
            </label>
          </div>
          <div className={styles.itemTop}>
            <Switch
              id={`${id}-active`}
              checked={draft.isActive}
              onCheckedChange={(checked) => update({ isActive: checked })}
            />
            <label className={styles.label} htmlFor={`${id}-active`}>
              {t('retention.active')}
            </label>
          </div>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.dialogActions}>
            <Button type="button" variant="secondary" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('retention.saving') : t('retention.save')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
