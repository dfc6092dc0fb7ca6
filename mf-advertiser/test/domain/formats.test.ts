import { describe, expect, it } from 'vitest';
import { formatCount, formatDay, formatMoney, formatPercent } from '../../src/domain/formats.ts';

describe('figures as the dashboard shows them', () => {
  it('when money is shown, then it is US dollars with two decimals (four for a cost per impression)', () => {
    expect(formatMoney(1234.5, 'en')).toBe('$1,234.50');
    expect(formatMoney(0.0125, 'en', 4)).toBe('$0.0125');
    expect(formatMoney(10, 'fr')).toMatch(/^10,00\s\$US$/);
  });

  it('when counts and rates are shown, then they follow the language', () => {
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345, 'hi')).toBe('12,345');
    expect(formatPercent(2.5, 'en')).toBe('2.5%');
  });

  it('when a day is shown, then it is that calendar day wherever the browser is', () => {
    expect(formatDay('2025-06-01', 'en')).toBe('Jun 1, 2025');
    expect(formatDay('2025-06-01T23:30:00-05:00', 'en')).toBe('Jun 1, 2025');
    expect(formatDay('not a date', 'en')).toBe('not a date');
  });
});
