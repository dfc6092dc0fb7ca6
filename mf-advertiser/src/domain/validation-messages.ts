import { billingCurrencies, campaignMoneyRules, formatUnits } from '@laundry/contracts';
import { serverMessageOf } from './api-errors.ts';
import { ns, serverText, type I18nText, type MoneyValue } from './i18n-text.ts';

/**
 * The campaign minimums' messages in every billing currency, as the contracts word them in English ('Minimum
 * budget is ¥1,500'), each with its translation naming the amount, which the page writes in its language.
 */
const minimumTexts: Record<string, I18nText> = Object.fromEntries(
  billingCurrencies.flatMap((currency) => {
    const { minimums } = campaignMoneyRules[currency];
    return (
      [
        ['Minimum budget is', minimums.totalBudget, 'campaign.validation.minBudget'],
        ['Minimum daily budget is', minimums.dailyBudget, 'campaign.validation.minDailyBudget'],
        ['Minimum cost per click is', minimums.costPerClick, 'campaign.validation.minCostPerClick'],
      ] as const
    ).map(([words, units, key]) => [
      `${words} ${formatUnits(units, currency)}`,
      { key: ns(key), money: { amount: { units, currency } } },
    ]);
  }),
);

/** Each billing currency's sign as English writes it before an amount: '$', '€', '£', '¥', 'A$', 'CA$'. */
const englishSigns = billingCurrencies
  .map((currency) => ({ currency, sign: formatUnits(1, currency).replace(/[\d.,\s]/g, '') }))
  // The longest first, so 'CA$500' is not read as '$' after 'CA'.
  .sort((a, b) => b.sign.length - a.sign.length);

/** An amount as a server's English message writes it ('$500.00', '¥75,000', 'CA$12.50'), or null. */
export function moneyOfEnglish(text: string): MoneyValue | null {
  const trimmed = text.trim();
  for (const { currency, sign } of englishSigns) {
    if (!trimmed.startsWith(sign)) continue;
    const digits = trimmed.slice(sign.length).replace(/,/g, '');
    const match = /^\d+(?:\.(\d+))?$/.exec(digits);
    if (!match) return null;
    return { units: Number(digits), currency, ...(match[1] ? { decimals: match[1].length } : {}) };
  }
  return null;
}

/** An amount of a server's message as an I18nText value: in the page's language when read, else as written. */
function amountValue(name: string, text: string): Pick<I18nText, 'values' | 'money'> {
  const money = moneyOfEnglish(text);
  return money ? { money: { [name]: money } } : { values: { [name]: text } };
}

/**
 * The contracts' messages (docs/product.md, Validation, and the rules the ad service adds), each with its
 * translation. The same schema checks the form in the browser and the request on the server, so one table
 * serves both: a message the table does not know is shown in the server's words.
 */
const messageKeys: Record<string, string> = {
  'Business name is required': ns('setup.validation.businessNameRequired'),
  'Please enter a valid website URL': ns('setup.validation.invalidWebsite'),
  'Please enter a valid email address': ns('setup.validation.invalidEmail'),
  'Title is required': ns('campaign.validation.titleRequired'),
  'Please enter a valid URL': ns('campaign.validation.invalidUrl'),
  'Use a whole amount: this currency has no decimals': ns('validation.wholeAmount'),
  // The ad service's refusals of a change of the billing currency (services/ad/src/domain/advertisers.ts).
  "Only the account's owner can change its billing currency.": ns('setup.currency.ownerOnly'),
  'Daily budget must not be more than the total budget': ns('campaign.validation.dailyOverTotal'),
  'End date must not be before the start date': ns('campaign.validation.endBeforeStart'),
  'Must be a date (YYYY-MM-DD) or an ISO date-time': ns('campaign.validation.invalidDate'),
  'A target area needs a latitude, a longitude and a radius': ns('campaign.validation.incompleteArea'),
  'Radius must be above 0 km': ns('campaign.validation.radiusRange'),
  'Radius must be a number': ns('campaign.validation.radiusRange'),
  'A city is listed twice': ns('campaign.validation.cityTwice'),
  'A city name is empty': ns('campaign.validation.cityEmpty'),
  'Latitude must be between -90 and 90': ns('campaign.validation.latitudeRange'),
  'Longitude must be between -180 and 180': ns('campaign.validation.longitudeRange'),
  'Frequency cap must be a whole number': ns('campaign.validation.frequencyCap'),
  'Frequency cap must be at least 1': ns('campaign.validation.frequencyCap'),
  'Frequency cap must be at most 1000': ns('campaign.validation.frequencyCap'),
  // The ad service's own refusals (services/ad/src/domain), shown in toasts and under fields.
  'The end date has already passed.': ns('campaign.refusals.endDatePassed'),
  'This campaign is waiting for review. You can edit it again once an admin has looked at it.': ns(
    'campaign.refusals.waitsForReview',
  ),
  'This campaign has ended and cannot be changed.': ns('campaign.refusals.endedNoEdit'),
  'This campaign has ended and cannot be changed. Create a new campaign to advertise again.':
    ns('campaign.refusals.ended'),
  'A draft campaign is started with Activate; it can be paused once it runs.': ns(
    'campaign.refusals.draftPause',
  ),
  "This campaign's end date has passed, so it cannot run again.": ns('campaign.refusals.cannotRunAgain'),
  'You already have an advertiser profile.': ns('campaign.refusals.profileExists'),
  'Create your advertiser profile first.': ns('campaign.refusals.noProfile'),
  'Your business is already verified.': ns('campaign.refusals.alreadyVerified'),
  'Your document is waiting for review. We will let you know once it is checked.': ns(
    'campaign.refusals.documentWaiting',
  ),
  // The owner service's refusals of a claim (services/owner/src/domain/claims.ts) and the claim contracts'.
  'This laundromat has no website of its own to check an address against. Send a document instead.':
    ns('claims.refusals.noWebsite'),
  'You have asked for several codes today. Please try again tomorrow.': ns('claims.refusals.tooManyCodes'),
  'You are already the verified owner of this laundromat.': ns('claims.refusals.alreadyOwner'),
  'You already have an open claim of this laundromat.': ns('claims.refusals.alreadyClaimed'),
  'You already have an open claim of this laundromat, or own it.': ns(
    'claims.refusals.alreadyClaimedOrOwned',
  ),
  'This laundromat already has a verified owner. If it is yours, send a document: an admin will compare both.':
    ns('claims.refusals.ownedByAnother'),
  'We could not send the code right now. Please try again in a moment.': ns(
    'claims.refusals.mailUnavailable',
  ),
  'Too many wrong codes. Please start a new claim.': ns('claims.refusals.tooManyWrongCodes'),
  'This code has expired. Please start a new claim.': ns('claims.refusals.codeExpired'),
  'This code was already used: the claim is verified.': ns('claims.refusals.codeUsed'),
  'E-mail address is required': ns('claims.refusals.emailRequired'),
  'Enter a valid e-mail address': ns('claims.refusals.emailInvalid'),
  'Code is required': ns('claims.refusals.codeRequired'),
  'The code has 6 digits': ns('claims.refusals.codeDigits'),
  // The owner service's refusals of a transfer (services/owner/src/domain/claim-transfers.ts).
  'Enter the address of the person taking the laundromat over, not your own.': ns(
    'claims.transfer.refusals.toSelf',
  ),
  'You are not the verified owner of this laundromat.': ns('claims.transfer.refusals.notOwner'),
  'A transfer of this laundromat is already waiting. Cancel it before sending another.': ns(
    'claims.transfer.refusals.pending',
  ),
  'We could not send the transfer mail right now. Please try again in a moment.': ns(
    'claims.transfer.refusals.mailUnavailable',
  ),
  'No transfer of this laundromat is waiting.': ns('claims.transfer.refusals.noneWaiting'),
  'This transfer was sent to another e-mail address. Sign in with that address to accept it.': ns(
    'claims.transfer.refusals.otherAccount',
  ),
  'This transfer was already accepted.': ns('claims.transfer.refusals.alreadyAccepted'),
  'The owner cancelled this transfer.': ns('claims.transfer.refusals.cancelled'),
  'This transfer has expired. Ask the owner to send a new one.': ns('claims.transfer.refusals.expired'),
  'The sender no longer owns this laundromat, so it cannot be handed over.': ns(
    'claims.transfer.refusals.void',
  ),
  'Transfer not found': ns('claims.transfer.refusals.notFound'),
  'You have sent several transfers today. Please try again tomorrow.': ns('claims.transfer.refusals.tooMany'),
  // An owner's decision on a suggested edit (the suggestion contracts and the directory's refusals).
  'A reason for the rejection is required': ns('suggestions.refusals.reasonRequired'),
  'This suggestion has been decided already.': ns('suggestions.refusals.decided'),
  "Only the laundromat's verified owner can decide the edits suggested for it.": ns(
    'suggestions.refusals.notOwner',
  ),
  // An advertiser's team (services/ad/src/domain/team.ts and team-access.ts, billing's team-members.ts).
  'The role must be one of manager, viewer': ns('team.refusals.unknownRole'),
  "Viewers see the reports only: ask the account's owner to make you a manager to change campaigns or settings.":
    ns('team.refusals.viewer'),
  "Only the account's owner manages the team.": ns('team.refusals.ownerTeam'),
  "Only the account's owner sees billing and payment methods.": ns('team.refusals.ownerBilling'),
  'You own this account already: invite a colleague’s address.': ns('team.refusals.self'),
  'This person is already on your team.': ns('team.refusals.alreadyMember'),
  'This address is already invited: withdraw the invitation to send a new one.': ns(
    'team.refusals.alreadyInvited',
  ),
  'This invitation is no longer valid: ask the account’s owner to invite you again.': ns(
    'team.refusals.invitationGone',
  ),
  'This invitation was sent to another e-mail address: sign in with that address to accept it.': ns(
    'team.refusals.otherAddress',
  ),
  'You have an advertiser profile of your own: a person works on one account, so this invitation cannot be accepted with this account.':
    ns('team.refusals.ownProfile'),
  "You are already on an advertiser's team: a person works on one account, so leave it first.":
    ns('team.refusals.otherTeam'),
  "You already work on an advertiser's account as a member of its team: a person works on one account.":
    ns('team.refusals.onATeam'),
  'This person is not on your team.': ns('team.refusals.notMember'),
  'We could not send the invitation right now. Please try again in a moment.': ns(
    'team.refusals.mailUnavailable',
  ),
};

const patterns: { pattern: RegExp; text: (match: RegExpExecArray) => I18nText }[] = [
  {
    pattern: /must be at most (\d+) characters$/,
    text: (match) => ({ key: ns('validation.tooLong'), values: { max: Number(match[1]) } }),
  },
  {
    pattern: /^Use at most (\d+) decimals$/,
    text: (match) => ({ key: ns('validation.tooManyDecimals'), values: { scale: Number(match[1]) } }),
  },
  {
    pattern: /^Radius must be at most (\d+) km$/,
    text: (match) => ({ key: ns('campaign.validation.radiusTooLarge'), values: { max: Number(match[1]) } }),
  },
  {
    pattern: /^Must be at most ([\d.]+)$/,
    text: (match) => ({ key: ns('validation.tooLarge'), values: { max: Number(match[1]) } }),
  },
  {
    pattern: /^Target at most (\d+) (countries|cities)$/,
    text: (match) => ({
      key: ns(
        match[2] === 'cities' ? 'campaign.validation.tooManyCities' : 'campaign.validation.tooManyCountries',
      ),
      values: { max: Number(match[1]) },
    }),
  },
  {
    pattern: /^We don't know the city '(.*)'\. Did you mean '(.*)'\?$/,
    text: (match) => ({
      key: ns('campaign.refusals.unknownCitySuggestion'),
      values: { city: match[1] ?? '', suggestion: match[2] ?? '' },
    }),
  },
  {
    pattern: /^We don't know the city '(.*)'\. Check the spelling/,
    text: (match) => ({ key: ns('campaign.refusals.unknownCity'), values: { city: match[1] ?? '' } }),
  },
  {
    pattern:
      /^Until your business is verified, your campaigns may budget at most (\S+) in all \((\S+) left\)/,
    text: (match) => {
      const cap = amountValue('cap', match[1] ?? '');
      const left = amountValue('left', match[2] ?? '');
      return {
        key: ns('campaign.refusals.spendingCap'),
        values: { ...cap.values, ...left.values },
        money: { ...cap.money, ...left.money },
      };
    },
  },
  {
    pattern: /^The total budget cannot be less than what the campaign has already spent \((\S+)\)\.$/,
    text: (match) => ({
      key: ns('campaign.refusals.budgetBelowSpent'),
      ...amountValue('spent', match[1] ?? ''),
    }),
  },
  {
    pattern: /^The address must be at (.+), the laundromat's website\.$/,
    text: (match) => ({ key: ns('claims.refusals.domainMismatch'), values: { domain: match[1] ?? '' } }),
  },
  {
    pattern: /^That code is not right\. (\d+) tr(?:y|ies) left\.$/,
    text: (match) => ({ key: ns('claims.refusals.codeIncorrect'), values: { count: Number(match[1]) } }),
  },
  {
    pattern: /^The billing currency is fixed once a campaign exists: it is ([A-Z]{3})\.$/,
    text: (match) => ({ key: ns('setup.currency.fixed'), values: { currency: match[1] ?? '' } }),
  },
  {
    pattern: /^Unknown country code '(.*)'/,
    text: (match) => ({ key: ns('campaign.validation.unknownCountry'), values: { code: match[1] ?? '' } }),
  },
];

/** The translation of a contract's or server's message; its own words when it has none. */
export function messageText(message: string): I18nText {
  const key = messageKeys[message];
  if (key) return { key };
  const minimum = minimumTexts[message];
  if (minimum) return minimum;
  for (const { pattern, text } of patterns) {
    const match = pattern.exec(message);
    if (match) return text(match);
  }
  return serverText(message);
}

/** The message of a failed call in the reader's language (its own words when untranslated), else null. */
export function serverMessageTextOf(error: unknown): I18nText | null {
  const message = serverMessageOf(error);
  return message === null ? null : messageText(message);
}

export type FieldErrors = Partial<Record<string, I18nText>>;

/** Issues (from zod or the server's 400) as the first message of each path, translated. */
export function fieldErrorsOf(issues: Iterable<{ path: string; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) errors[path] ??= messageText(message);
  return errors;
}

/** zod's issue paths ['targetCities', 2] as the server writes them: 'targetCities.2'. */
export const issuePath = (path: readonly PropertyKey[]) => path.map(String).join('.');
