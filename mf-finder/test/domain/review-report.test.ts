import { reviewAbuseReasons } from '@laundry/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../../packages/ui/src/locales/en.json';
import {
  checkReviewReport,
  initialReviewReportValues,
  reviewReportFailure,
  reviewReportKeys,
  reviewReportReasons,
} from '../../src/domain/review-report.ts';

function english(key: string): unknown {
  const [namespace = '', path = ''] = key.split(':');
  let node: unknown = (en as Record<string, unknown>)[namespace];
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

describe("an owner's report of a review", () => {
  it('when no reason is chosen, then the reason is asked for and nothing is sent', () => {
    expect(checkReviewReport(initialReviewReportValues)).toEqual({
      kind: 'invalid',
      errors: { reason: { key: reviewReportKeys.reasonRequired } },
    });
  });

  it('when a reason is chosen and the note is blank, then the body holds the reason alone', () => {
    expect(checkReviewReport({ reason: 'spam', note: '   ' })).toEqual({
      kind: 'ok',
      request: { reason: 'spam' },
    });
  });

  it('when a note is given, then it goes trimmed', () => {
    expect(checkReviewReport({ reason: 'other', note: '  Not a customer  ' })).toEqual({
      kind: 'ok',
      request: { reason: 'other', note: 'Not a customer' },
    });
  });

  it('when the note is longer than 1,000 characters, then it is refused with the limit', () => {
    expect(checkReviewReport({ reason: 'offensive', note: 'x'.repeat(1001) })).toEqual({
      kind: 'invalid',
      errors: { note: { key: reviewReportKeys.noteTooLong, values: { max: 1000 } } },
    });
    expect(checkReviewReport({ reason: 'offensive', note: 'x'.repeat(1000) }).kind).toBe('ok');
  });

  it("when the dialog lists reasons, then they are the contract's, in its order", () => {
    expect(reviewReportReasons.map(({ reason }) => reason)).toEqual([...reviewAbuseReasons]);
  });

  it('when the service answers 409, then the owner reads that it was already reported and the review shows so', () => {
    expect(reviewReportFailure(new Error('409: {"message":"Already reported"}'))).toEqual({
      message: { key: reviewReportKeys.alreadyReported },
      reported: true,
    });
  });

  it.each([
    ['403: {"message":"Forbidden"}', reviewReportKeys.forbidden],
    ['404: {"message":"Not found"}', reviewReportKeys.notFound],
    ['500: oops', reviewReportKeys.failed],
    ['Failed to fetch', reviewReportKeys.failed],
  ])('when the request fails with %s, then the message is %s and the button stays', (message, key) => {
    expect(reviewReportFailure(new Error(message))).toEqual({ message: { key }, reported: false });
  });

  it.each([...Object.values(reviewReportKeys), ...reviewReportReasons.map(({ key }) => key)])(
    'when %s is looked up in en.json, then it has English text',
    (key) => {
      expect(english(key)).toEqual(expect.any(String));
    },
  );
});
