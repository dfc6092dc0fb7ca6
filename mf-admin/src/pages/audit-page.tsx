import { Fragment, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { AuditEntry } from '@laundry/contracts';
import { Button } from '@laundry/ui';
import { adminKey, auditPage } from '../api/admin-queries.ts';
import {
  auditFilterProblems,
  emptyAuditFilters,
  filtersFromSearch,
  filtersToSearch,
  jsonText,
  shortId,
  type AuditFilters,
} from '../domain/audit-filters.ts';
import { AdminLayout } from '../components/admin-layout.tsx';
import { Empty, LoadError, Loading } from '../components/query-states.tsx';
import { useAdminText } from '../components/use-admin-text.ts';
import styles from '../components/admin.module.css';
import audit from './audit.module.css';

/** The audit log, newest first: search by words, action, resource, who, outcome and time. */
export default function AuditPage() {
  const { t } = useAdminText();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const log = useInfiniteQuery({
    queryKey: [adminKey, 'audit', filters],
    queryFn: ({ pageParam }) => auditPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <AdminLayout title={t('audit.title')} intro={t('audit.intro')}>
      <AuditFilterForm
        // A new search in the URL (a link, Back) starts the form from it.
        key={search.toString()}
        initial={filters}
        onSearch={(next) => setSearch(filtersToSearch(next))}
      />
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <LoadError error={log.error} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <Empty title={t('audit.emptyTitle')} text={t('audit.emptyText')} />
      ) : (
        <>
          <AuditTable entries={entries} />
          {log.hasNextPage && (
            <div className={styles.loadMore}>
              <Button
                variant="secondary"
                disabled={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                {log.isFetchingNextPage ? t('loading') : t('actions.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </AdminLayout>
  );
}

const textFields = ['action', 'resource', 'resourceId', 'userId', 'advertiserId'] as const;

function AuditFilterForm({
  initial,
  onSearch,
}: {
  initial: AuditFilters;
  onSearch: (filters: AuditFilters) => void;
}) {
  const { t } = useAdminText();
  const id = useId();
  const [filters, setFilters] = useState(initial);
  const [problems, setProblems] = useState<ReturnType<typeof auditFilterProblems>>({});
  const set = (field: keyof AuditFilters) => (value: string) =>
    setFilters((now) => ({ ...now, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = auditFilterProblems(filters);
    setProblems(found);
    if (Object.keys(found).length === 0) onSearch(filters);
  };

  const field = (name: keyof AuditFilters, input: ReactNode) => (
    <div className={audit.field}>
      <label htmlFor={`${id}-${name}`} className={styles.label}>
        {t(`audit.filters.${name}`)}
      </label>
      {input}
      {problems[name] && (
        <span id={`${id}-${name}-error`} className={styles.error}>
          {t(problems[name])}
        </span>
      )}
    </div>
  );
  const inputProps = (name: keyof AuditFilters) => ({
    id: `${id}-${name}`,
    className: styles.input,
    value: filters[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form
      className={audit.filters}
      onSubmit={submit}
      role="search"
      aria-label={t('audit.filters.label')}
      noValidate
    >
      <div className={audit.searchRow}>
        {field(
          'q',
          <input type="search" {...inputProps('q')} placeholder={t('audit.filters.qPlaceholder')} />,
        )}
        {field(
          'status',
          <select {...inputProps('status')} className={styles.select}>
            <option value="">{t('audit.filters.anyOutcome')}</option>
            <option value="success">{t('audit.outcome.success')}</option>
            <option value="failure">{t('audit.outcome.failure')}</option>
          </select>,
        )}
      </div>
      <details
        className={audit.more}
        open={textFields.some((name) => initial[name] !== '') || initial.from !== '' || initial.to !== ''}
      >
        <summary>{t('audit.filters.more')}</summary>
        <div className={audit.grid}>
          {textFields.map((name) => (
            <Fragment key={name}>
              {field(name, <input type="text" {...inputProps(name)} spellCheck={false} />)}
            </Fragment>
          ))}
          {field('from', <input type="datetime-local" {...inputProps('from')} />)}
          {field('to', <input type="datetime-local" {...inputProps('to')} />)}
        </div>
      </details>
      <div className={audit.formActions}>
        <Button type="submit">{t('audit.filters.search')}</Button>
        <Button
          variant="ghost"
          onClick={() => {
            setFilters(emptyAuditFilters);
            setProblems({});
            onSearch(emptyAuditFilters);
          }}
        >
          {t('audit.filters.clear')}
        </Button>
      </div>
    </form>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useAdminText();
  return (
    <table className={audit.table} data-testid="audit-table">
      <caption className="visually-hidden">{t('audit.tableCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('audit.columns.time')}</th>
          <th scope="col">{t('audit.columns.who')}</th>
          <th scope="col">{t('audit.columns.action')}</th>
          <th scope="col">{t('audit.columns.resource')}</th>
          <th scope="col">{t('audit.columns.outcome')}</th>
          <th scope="col">{t('audit.columns.request')}</th>
          <th scope="col">{t('audit.columns.address')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('audit.columns.details')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </tbody>
    </table>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, dateTime } = useAdminText();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const oldData = jsonText(entry.oldData);
  const newData = jsonText(entry.newData);
  return (
    <>
      <tr className={audit.row} data-testid="audit-entry" data-action={entry.action}>
        <Cell label={t('audit.columns.time')} className={audit.nowrap}>
          <time dateTime={entry.createdAt}>{dateTime(entry.createdAt)}</time>
        </Cell>
        <Cell label={t('audit.columns.who')} className={audit.nowrap}>
          {entry.userId ? (
            <span className={audit.mono} title={entry.userId}>
              {shortId(entry.userId)}
            </span>
          ) : (
            t('audit.nobody')
          )}
          {entry.advertiserId && (
            <span className={`${audit.mono} ${audit.secondary}`} title={entry.advertiserId}>
              {t('audit.advertiser', { id: shortId(entry.advertiserId) })}
            </span>
          )}
        </Cell>
        <Cell label={t('audit.columns.action')} className={audit.mono}>
          {breakable(entry.action)}
        </Cell>
        <Cell label={t('audit.columns.resource')}>
          {entry.resource}
          {entry.resourceId && (
            <span className={`${audit.mono} ${audit.secondary}`} title={entry.resourceId}>
              {shortId(entry.resourceId)}
            </span>
          )}
        </Cell>
        <Cell label={t('audit.columns.outcome')} className={audit.nowrap}>
          <span className={entry.status === 'failure' ? audit.failure : audit.success}>
            {t(`audit.outcome.${entry.status}`)}
          </span>
        </Cell>
        <Cell label={t('audit.columns.request')} className={`${audit.mono} ${audit.endpoint}`}>
          {entry.httpMethod && <strong>{entry.httpMethod} </strong>}
          {entry.endpoint ? breakable(entry.endpoint, '/') : '—'}
        </Cell>
        <Cell label={t('audit.columns.address')} className={`${audit.mono} ${audit.nowrap}`}>
          {entry.ipAddress ?? '—'}
        </Cell>
        <td className={audit.toggleCell}>
          <Button
            variant="ghost"
            size="small"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((now) => !now)}
          >
            {open ? t('audit.hideDetails') : t('audit.showDetails')}
          </Button>
        </td>
      </tr>
      {open && (
        <tr className={audit.detailsRow} id={detailsId}>
          <td colSpan={8}>
            <dl className={styles.facts}>
              {entry.errorMessage && (
                <>
                  <dt>{t('audit.errorMessage')}</dt>
                  <dd>{entry.errorMessage}</dd>
                </>
              )}
              <dt>{t('audit.userAgent')}</dt>
              <dd>{entry.userAgent ?? '—'}</dd>
              {entry.userId && (
                <>
                  <dt>{t('audit.filters.userId')}</dt>
                  <dd className={audit.mono}>{entry.userId}</dd>
                </>
              )}
              {entry.resourceId && (
                <>
                  <dt>{t('audit.filters.resourceId')}</dt>
                  <dd className={audit.mono}>{entry.resourceId}</dd>
                </>
              )}
            </dl>
            <div className={audit.data}>
              <section>
                <h3 className={styles.label}>{t('audit.oldData')}</h3>
                {oldData ? (
                  <pre className={audit.json}>{oldData}</pre>
                ) : (
                  <p className={styles.muted}>{t('none')}</p>
                )}
              </section>
              <section>
                <h3 className={styles.label}>{t('audit.newData')}</h3>
                {newData ? (
                  <pre className={audit.json}>{newData}</pre>
                ) : (
                  <p className={styles.muted}>{t('none')}</p>
                )}
              </section>
            </div>
          </td>
        </tr>
      )}
    </>
  );
}

/** A table cell that a phone shows as a labelled line: its label, then its content as one block. */
function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td data-label={label} className={className}>
      <div className={audit.cell}>{children}</div>
    </td>
  );
}

/** Dotted names and paths may wrap after each separator rather than anywhere in a word. */
function breakable(text: string, separator = '.'): ReactNode[] {
  return text
    .split(separator)
    .flatMap((part, index) => (index === 0 ? [part] : [separator, <wbr key={index} />, part]));
}
