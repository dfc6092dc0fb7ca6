import { describe, expect, it } from 'vitest';
import { mixedScriptWords, normaliseForMatching } from '../../src/domain/text-normaliser.ts';
import { assessRisk, defaultModerationRules, riskPoints } from '../../src/domain/moderation-rules.ts';

// Real disguises of a banned word: each reads as the word on screen and must match it.
const disguises: [string, string, string][] = [
  ['Cyrillic а (U+0430) in the word', 'c\u0430sino', 'casino'],
  ['Cyrillic с, а, о', '\u0441\u0430sin\u043e', 'casino'],
  ['Cyrillic і and Greek ο', 'cas\u0456n\u03bf', 'casino'],
  ['zero-width space', 'cas\u200bino', 'casino'],
  ['zero-width joiner and non-joiner', 'c\u200da\u200csino', 'casino'],
  ['soft hyphen', 'cas\u00adino', 'casino'],
  ['word joiner and byte-order mark', 'ca\u2060si\ufeffno', 'casino'],
  ['variation selector', 'casi\ufe0fno', 'casino'],
  ['full-width letters', '\uff43\uff41\uff53\uff49\uff4e\uff4f', 'casino'],
  [
    'mathematical bold letters',
    '\ud835\udc1c\ud835\udc1a\ud835\udc2c\ud835\udc22\ud835\udc27\ud835\udc28',
    'casino',
  ],
  ['the fi ligature', '\ufb01rearm', 'firearm'],
  ['upper case with a Cyrillic А', 'C\u0410SINO', 'casino'],
  ['accents', 'cásïnø', 'casino'],
  ['Greek ν and ι, Cyrillic а', 'vi\u0430gr\u0430', 'viagra'],
];

describe('text as the word check reads it', () => {
  it.each(disguises)('when a word hides behind %s, then it reads as the plain word', (_, text, plain) => {
    expect(normaliseForMatching(text)).toBe(plain);
  });

  it('when the text is plain in any language, then only case, accents and punctuation change', () => {
    expect(normaliseForMatching('Fresh towels, open late!')).toBe('fresh towels open late');
    expect(normaliseForMatching('洗衣店 24 小时')).toBe('洗衣店 24 小时');
    expect(normaliseForMatching('Laverie ouverte tôt')).toBe('laverie ouverte tot');
  });

  it('when a word mixes look-alike scripts, then it is named; a word in one script, or words of two languages side by side, are not', () => {
    expect(mixedScriptWords('Play c\u0430sino now')).toEqual(['c\u0430sino']);
    expect(mixedScriptWords('cas\u200bino')).toEqual([]);
    expect(mixedScriptWords('Прачечная laundry Λέσχη 洗衣店 café')).toEqual([]);
  });
});

describe('the risk score of disguised banned words', () => {
  const ad = (title: string) =>
    assessRisk(
      {
        title,
        description: null,
        imageUrl: null,
        targetUrl: 'https://brightsuds.example/',
        advertiserWebsite: 'https://brightsuds.example',
      },
      defaultModerationRules,
    );

  it.each(disguises.filter(([, , plain]) => plain === 'casino'))(
    'when the title hides casino behind %s, then it is found and waits for an admin',
    (_, text) => {
      const assessment = ad(`Best ${text} in town`);
      expect(assessment.findings.map((f) => f.reason)).toContain("Contains the prohibited term 'casino'");
      expect(assessment.autoApproved).toBe(false);
    },
  );

  it('when a word mixes scripts, then that is a finding of its own', () => {
    expect(ad('Fresh t\u043ewels').findings).toEqual([
      {
        field: 'title',
        code: 'mixedScript',
        params: { word: 't\u043ewels' },
        reason: "The word 't\u043ewels' mixes letters of different scripts",
        points: riskPoints.mixedScript,
      },
    ]);
  });
});
