import { describe, expect, it } from 'vitest';
import { connectionQualityKey } from '../src/overlays/connection-quality.ts';
import { INSTALL_DISMISS_SUPPRESSION_MS, dismissedRecently, isIos } from '../src/overlays/install-rules.ts';

describe('connection indicator', () => {
  it.each([
    ['slow-2g', 'connection.slow'],
    ['2g', 'connection.limited'],
    ['3g', 'connection.moderate'],
    ['4g', null],
    ['5g', null],
    [undefined, null],
  ])('when the effective type is %s, then the indicator reads %s', (effectiveType, key) => {
    expect(connectionQualityKey(effectiveType)).toBe(key);
  });
});

describe('install prompt', () => {
  const now = Date.UTC(2025, 9, 21, 12);

  it.each([
    ['never dismissed', null, false],
    ['dismissed a minute ago', String(now - 60_000), true],
    ['dismissed 23 h 59 min ago', String(now - INSTALL_DISMISS_SUPPRESSION_MS + 60_000), true],
    ['dismissed 24 h ago', String(now - INSTALL_DISMISS_SUPPRESSION_MS), false],
    ['an unreadable value', 'yesterday', false],
  ])('when %s, then suppressed is %s', (_, stored, suppressed) => {
    expect(dismissedRecently(stored, now)).toBe(suppressed);
  });

  it.each([
    ['iPhone Safari', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15', 5, true],
    [
      'iPadOS (reports a Mac with touch)',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15',
      5,
      true,
    ],
    ['a Mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15', 0, false],
    ['Android Chrome', 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/140.0', 5, false],
  ])('when the browser is %s, then iOS is %s', (_, userAgent, touchPoints, ios) => {
    expect(isIos(userAgent, touchPoints)).toBe(ios);
  });
});
