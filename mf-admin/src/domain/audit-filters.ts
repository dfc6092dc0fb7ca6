/**
 * The audit search form and the URL it lives in. Every field is text as the form holds it; the query sent to
 * GET /api/admin/audit leaves out blank ones and turns the local date-times into instants.
 */
export interface AuditFilters {
  q: string;
  action: string;
  resource: string;
  resourceId: string;
  userId: string;
  advertiserId: string;
  status: '' | 'success' | 'failure';
  /** As an <input type="datetime-local"> holds it: '2026-05-01T09:30', in the admin's time zone. */
  from: string;
  to: string;
}

export const emptyAuditFilters: AuditFilters = {
  q: '',
  action: '',
  resource: '',
  resourceId: '',
  userId: '',
  advertiserId: '',
  status: '',
  from: '',
  to: '',
};

export const auditFilterFields = Object.keys(emptyAuditFilters) as (keyof AuditFilters)[];

/** Entries per page of the search. */
export const auditPageSize = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** A datetime-local value as an ISO instant, read in the browser's time zone; null when it is not one. */
export function localDateTimeToIso(value: string): string | null {
  if (!LOCAL_DATE_TIME.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The filters a URL's search parameters hold; unknown parameters and values are ignored. */
export function filtersFromSearch(search: URLSearchParams): AuditFilters {
  const filters = { ...emptyAuditFilters };
  for (const field of auditFilterFields) {
    const value = search.get(field)?.trim() ?? '';
    if (field === 'status') filters.status = value === 'success' || value === 'failure' ? value : '';
    else filters[field] = value.slice(0, 255);
  }
  return filters;
}

/** The filters as the page's own URL keeps them (blank ones left out), so a search can be reloaded and shared. */
export function filtersToSearch(filters: AuditFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const field of auditFilterFields) {
    const value = filters[field].trim();
    if (value !== '') search.set(field, value);
  }
  return search;
}

/** The form's problems, by field, as message keys of the admin namespace; empty when it can be sent. */
export function auditFilterProblems(filters: AuditFilters): Partial<Record<keyof AuditFilters, string>> {
  const problems: Partial<Record<keyof AuditFilters, string>> = {};
  for (const field of ['userId', 'advertiserId'] as const) {
    const value = filters[field].trim();
    if (value !== '' && !UUID.test(value)) problems[field] = 'audit.filters.invalidId';
  }
  for (const field of ['from', 'to'] as const) {
    if (filters[field] !== '' && localDateTimeToIso(filters[field]) === null)
      problems[field] = 'audit.filters.invalidDate';
  }
  const from = localDateTimeToIso(filters.from);
  const to = localDateTimeToIso(filters.to);
  if (from && to && from > to) problems.to = 'audit.filters.toBeforeFrom';
  return problems;
}

/** The API's query: the filled filters, the page size, and `before` for the page after the last one shown. */
export function auditQueryString(filters: AuditFilters, before?: string | null): string {
  const query = new URLSearchParams();
  for (const field of auditFilterFields) {
    const value = filters[field].trim();
    if (value === '') continue;
    if (field === 'from' || field === 'to') {
      const instant = localDateTimeToIso(value);
      if (instant) query.set(field, instant);
    } else query.set(field, value);
  }
  if (before) query.set('before', before);
  query.set('limit', String(auditPageSize));
  return query.toString();
}

/** Old and new data as indented JSON; absent data shows as nothing. */
export function jsonText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

/** A user's or advertiser's id as a table has room for: its first block. */
export const shortId = (id: string) => id.split('-')[0] ?? id;
