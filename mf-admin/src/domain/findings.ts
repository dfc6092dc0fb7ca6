/**
 * The automatic check's findings reach the console as the ad service wrote them, in English
 * (services/ad/src/domain/moderation-rules.ts), and are kept so with each review. The console shows each in
 * the admin's language by its shape; one it does not know (a rule added later) is shown as written.
 */
export interface FindingText {
  key: string;
  values?: Record<string, string>;
}

const fixedReasons: Record<string, string> = {
  'The link cannot be read': 'moderation.reasons.unreadableUrl',
  'The link does not use https': 'moderation.reasons.notHttps',
  'The link points at an IP address, not a domain': 'moderation.reasons.ipHost',
  'The link carries a user name or password': 'moderation.reasons.credentialsInUrl',
  'The domain uses look-alike (punycode) letters': 'moderation.reasons.punycodeHost',
};

const patternReasons: { pattern: RegExp; key: string; names: string[] }[] = [
  { pattern: /^The link is shortened \((.+)\)$/, key: 'moderation.reasons.shortener', names: ['domain'] },
  { pattern: /^The domain (.+) is not allowed$/, key: 'moderation.reasons.blockedDomain', names: ['domain'] },
  {
    pattern: /^Contains the prohibited term '(.+)'$/,
    key: 'moderation.reasons.prohibitedTerm',
    names: ['term'],
  },
  {
    pattern: /^The word '(.+)' mixes letters of different scripts$/,
    key: 'moderation.reasons.mixedScript',
    names: ['word'],
  },
  {
    pattern: /^The link goes to (.+), not to the advertiser's website \((.+)\)$/,
    key: 'moderation.reasons.foreignTargetDomain',
    names: ['target', 'website'],
  },
];

/** Every key findingText can answer, for the check that each has its text. */
export const findingKeys = [...Object.values(fixedReasons), ...patternReasons.map((reason) => reason.key)];

export function findingText(reason: string): FindingText | null {
  const fixed = fixedReasons[reason];
  if (fixed) return { key: fixed };
  for (const { pattern, key, names } of patternReasons) {
    const match = pattern.exec(reason);
    if (match)
      return { key, values: Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])) };
  }
  return null;
}
