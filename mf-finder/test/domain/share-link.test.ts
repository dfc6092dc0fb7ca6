import { describe, expect, it } from 'vitest';
import { laundromatShareUrl, shareLink, type ShareTargets } from '../../src/domain/share-link.ts';

const data = { title: 'Bubbles', url: 'https://example.test/?l=abc' };

function targets(overrides: Partial<ShareTargets> = {}) {
  const calls: string[] = [];
  const base: ShareTargets = {
    share: async () => {
      calls.push('share');
    },
    writeText: async (text) => {
      calls.push(`copy ${text}`);
    },
    ...overrides,
  };
  return { calls, base };
}

const abort = () => Object.assign(new Error('closed'), { name: 'AbortError' });

describe('a laundromat shared', () => {
  it("when the link is made, then it is the finder's address with the laundromat alone, the one the gateway previews", () => {
    expect(laundromatShareUrl('https://laundry.example', 'a b/c')).toBe('https://laundry.example/?l=a+b%2Fc');
  });

  it('when the browser has a share sheet, then it is used and nothing is copied', async () => {
    const { calls, base } = targets();
    expect(await shareLink(base, data)).toBe('shared');
    expect(calls).toEqual(['share']);
  });

  it('when there is no share sheet, then the link is copied', async () => {
    const { calls, base } = targets({ share: undefined });
    expect(await shareLink(base, data)).toBe('copied');
    expect(calls).toEqual([`copy ${data.url}`]);
  });

  it('when the share sheet is closed, then nothing is copied and no error is told', async () => {
    const { calls, base } = targets({ share: () => Promise.reject(abort()) });
    expect(await shareLink(base, data)).toBe('cancelled');
    expect(calls).toEqual([]);
  });

  it('when the share sheet is refused or cannot take the link, then the link is copied instead', async () => {
    const refused = targets({ share: () => Promise.reject(new Error('NotAllowedError')) });
    expect(await shareLink(refused.base, data)).toBe('copied');
    const cannot = targets({ canShare: () => false });
    expect(await shareLink(cannot.base, data)).toBe('copied');
    expect(cannot.calls).toEqual([`copy ${data.url}`]);
  });

  it('when neither sharing nor copying works, then it fails', async () => {
    expect(await shareLink({}, data)).toBe('failed');
    const denied = targets({ share: undefined, writeText: () => Promise.reject(new Error('denied')) });
    expect(await shareLink(denied.base, data)).toBe('failed');
  });
});
