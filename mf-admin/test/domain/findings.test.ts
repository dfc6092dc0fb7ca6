import { describe, expect, it } from 'vitest';
import en from '../../../packages/ui/src/locales/en.json';
import es from '../../../packages/ui/src/locales/es.json';
import fr from '../../../packages/ui/src/locales/fr.json';
import hi from '../../../packages/ui/src/locales/hi.json';
import zh from '../../../packages/ui/src/locales/zh.json';
import { assessRisk, defaultModerationRules } from '../../../services/ad/src/domain/moderation-rules.ts';
import { findingKeys, findingText } from '../../src/domain/findings.ts';

type Tree = Record<string, unknown>;
const locales = { en, es, fr, hi, zh } as Record<string, Tree>;

/** A locale's text at a dotted key of the admin namespace, with {{name}} filled in. */
function render(locale: string, key: string, values: Record<string, string> = {}): unknown {
  let node: unknown = (locales[locale]!.admin as Tree) ?? {};
  for (const part of key.split('.')) node = (node as Tree | undefined)?.[part];
  return typeof node === 'string' ? node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!) : node;
}

/** Every rule the ad service has, tripped at once: each finding it writes. */
const everyReason = [
  ...assessRisk(
    {
      title: 'Casino night',
      description: null,
      imageUrl: 'http://user:pass@192.168.0.1/ad.png',
      targetUrl: 'https://bit.ly/x',
      advertiserWebsite: 'https://suds.example.test',
    },
    { ...defaultModerationRules, blockedDomains: ['bit.ly'] },
  ).findings,
  ...assessRisk(
    {
      title: 'Fine',
      description: null,
      imageUrl: 'not a link',
      targetUrl: 'https://xn--sds-qla.test',
      advertiserWebsite: null,
    },
    defaultModerationRules,
  ).findings,
].map((finding) => finding.reason);

describe("the automatic check's findings in the admin's language", () => {
  it('when the ad service writes any of its findings, then the console knows it', () => {
    expect(everyReason).toHaveLength(9);
    for (const reason of everyReason) expect(findingText(reason), reason).not.toBeNull();
  });

  it('when a finding is shown in English, then it reads exactly as the service wrote it, its names filled in', () => {
    for (const reason of everyReason) {
      const known = findingText(reason)!;
      const english = render('en', known.key, known.values) as string;
      expect(english).toBe(reason);
    }
  });

  it('when it is shown in French, then it is French with the domain and term kept', () => {
    const term = findingText("Contains the prohibited term 'free money'")!;
    expect(render('fr', term.key, term.values)).toBe('Contient le terme interdit « free money »');
    const foreign = findingText(
      "The link goes to bit.ly, not to the advertiser's website (suds.example.test)",
    )!;
    expect(render('fr', foreign.key, foreign.values)).toBe(
      'Le lien mène à bit.ly, pas au site web de l’annonceur (suds.example.test)',
    );
  });

  it.each(Object.keys(locales))('when the console is in %s, then every finding has its text', (locale) => {
    for (const key of findingKeys) expect(render(locale, key), key).toEqual(expect.any(String));
  });

  it('when a finding is one the console does not know, then there is no text for it (it is shown as written)', () => {
    expect(findingText('A rule added later')).toBeNull();
  });
});
