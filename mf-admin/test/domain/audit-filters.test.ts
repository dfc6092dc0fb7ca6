import { describe, expect, it } from 'vitest';
import { auditQuerySchema } from '@laundry/contracts';
import {
  auditFilterProblems,
  auditPageSize,
  auditQueryString,
  emptyAuditFilters,
  filtersFromSearch,
  filtersToSearch,
  jsonText,
  localDateTimeToIso,
  shortId,
} from '../../src/domain/audit-filters.ts';

const id = '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab';

describe('the audit search query', () => {
  it('when no filter is filled, then only the page size is asked for', () => {
    expect(auditQueryString(emptyAuditFilters)).toBe(`limit=${auditPageSize}`);
  });

  it('when filters are filled, then blank ones are left out, text is trimmed and the server schema accepts it', () => {
    const query = auditQueryString(
      { ...emptyAuditFilters, q: ' approve ', action: 'laundromat.approve', userId: id, status: 'failure' },
      'opaque-cursor',
    );
    const params = Object.fromEntries(new URLSearchParams(query));

    expect(params).toEqual({
      q: 'approve',
      action: 'laundromat.approve',
      userId: id,
      status: 'failure',
      before: 'opaque-cursor',
      limit: String(auditPageSize),
    });
    expect(auditQuerySchema.safeParse(params).success).toBe(true);
  });

  it('when a time range is given, then it is sent as instants the server schema accepts', () => {
    const params = Object.fromEntries(
      new URLSearchParams(
        auditQueryString({ ...emptyAuditFilters, from: '2026-05-01T09:30', to: '2026-05-02T18:00' }),
      ),
    );

    expect(params.from).toBe(new Date('2026-05-01T09:30').toISOString());
    expect(params.to).toBe(new Date('2026-05-02T18:00').toISOString());
    expect(auditQuerySchema.safeParse(params).success).toBe(true);
  });

  it.each(['', 'yesterday', '2026-13-01T09:30', '2026-05-01'])(
    'when %j is a date-time, then it is none',
    (value) => {
      expect(localDateTimeToIso(value)).toBeNull();
    },
  );
});

describe('the audit search form', () => {
  it('when the filters are valid, then there is no problem', () => {
    expect(auditFilterProblems({ ...emptyAuditFilters, userId: id, from: '2026-05-01T09:30' })).toEqual({});
  });

  it('when an id is partial, then the form says the whole id is needed', () => {
    expect(auditFilterProblems({ ...emptyAuditFilters, userId: '6f1c2a4e', advertiserId: 'x' })).toEqual({
      userId: 'audit.filters.invalidId',
      advertiserId: 'audit.filters.invalidId',
    });
  });

  it('when the end is before the start, then the form says so', () => {
    expect(
      auditFilterProblems({ ...emptyAuditFilters, from: '2026-05-02T00:00', to: '2026-05-01T00:00' }),
    ).toEqual({ to: 'audit.filters.toBeforeFrom' });
  });

  it('when the filters go into the URL and back, then they are the same, blank ones left out', () => {
    const filters = { ...emptyAuditFilters, q: 'reject', status: 'success' as const, resource: 'laundromat' };

    const search = filtersToSearch(filters);

    expect(search.toString()).toBe('q=reject&resource=laundromat&status=success');
    expect(filtersFromSearch(search)).toEqual(filters);
  });

  it('when the URL holds an unknown outcome or extra parameters, then they are ignored', () => {
    expect(filtersFromSearch(new URLSearchParams('status=maybe&evil=1'))).toEqual(emptyAuditFilters);
  });
});

describe('showing an entry', () => {
  it('when data is absent, then nothing is shown; else indented JSON', () => {
    expect(jsonText(null)).toBeNull();
    expect(jsonText(undefined)).toBeNull();
    expect(jsonText({ status: 'approved' })).toBe('{\n  "status": "approved"\n}');
  });

  it('when an id is shown in the table, then it is its first block', () => {
    expect(shortId(id)).toBe('6f1c2a4e');
  });
});
