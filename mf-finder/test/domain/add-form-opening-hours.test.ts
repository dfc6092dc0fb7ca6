import { describe, expect, it } from 'vitest';
import { initialAddFormValues, toCandidate } from '../../src/add/add-form-values.ts';

describe('the add form’s opening hours field', () => {
  it('when an OSM opening_hours value is typed, then the request carries it as typed', () => {
    const values = { ...initialAddFormValues(), openingHours: 'Mo-Fr 08:00-12:00,13:00-02:00; PH off' };
    expect(toCandidate(values).openingHours).toBe('Mo-Fr 08:00-12:00,13:00-02:00; PH off');
  });

  it('when the field is left empty or blank, then the request has no opening hours', () => {
    expect(toCandidate(initialAddFormValues()).openingHours).toBeUndefined();
    expect(toCandidate({ ...initialAddFormValues(), openingHours: '   ' }).openingHours).toBeUndefined();
  });
});
