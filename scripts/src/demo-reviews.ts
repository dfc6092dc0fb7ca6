import { checklistItemIds, visitTimes } from '@laundry/contracts';
import {
  addReview,
  averagesOf,
  subScores,
  type RatingTallies,
} from '../../services/directory/src/domain/review-ratings.ts';
import { createSeededRandom } from './seeded-random.ts';

/**
 * Demo reviews, generated with the demo laundromats so that every rating and count the finder shows is made
 * of reviews it can list (issue 15: '3.1 (80 reviews)' above 'No reviews yet'). A handful per laundromat
 * (0–6), not the hundreds the old counts claimed: 20,000 laundromats give about 30,000 reviews, which the
 * first start inserts in a few seconds.
 */
export interface DemoReview {
  overallRating: number;
  priceRating: number;
  safetyRating: number;
  cleanlinessRating: number;
  reliabilityRating: number;
  accessibilityRating: number;
  visitTime: (typeof visitTimes)[number] | null;
  checklistItems: string[];
  reviewText: string | null;
  tips: string | null;
  createdAt: Date;
}

/** The ratings a laundromat shows, computed from its demo reviews exactly as review events add them up. */
export interface DemoRatings {
  averageRating: number;
  totalReviews: number;
  priceScore: number | null;
  safetyScore: number | null;
  cleanlinessScore: number | null;
  reliabilityScore: number | null;
  accessibilityScore: number | null;
}

type Band = 'good' | 'mixed' | 'poor';
type Language = 'en' | 'es' | 'fr' | 'zh' | 'hi';

/** Short, plausible texts by how the visit went, in the five languages of the product. */
const TEXTS: Record<Language, Record<Band, readonly string[]>> = {
  en: {
    good: [
      'Clean machines and plenty of them. In and out in an hour.',
      'Friendly staff, the dryers actually dry in one cycle.',
      'Bright, safe and quiet in the evening. Will come back.',
      'Good value, card payment worked fine and there is Wi-Fi.',
      'Big drums took my duvet without a problem.',
    ],
    mixed: [
      'Does the job, but two washers were out of order.',
      'Fine for a quick wash; it gets busy on weekends.',
      'Prices are OK, the change machine was empty.',
      'Clean enough, though the dryers need two cycles.',
    ],
    poor: [
      'Half the machines were broken and nobody was around.',
      'Dirty folding tables and a dryer ate my coins.',
      'Felt unsafe at night, poorly lit entrance.',
    ],
  },
  es: {
    good: [
      'Máquinas limpias y rápidas. Terminé en una hora.',
      'Personal amable y las secadoras funcionan muy bien.',
      'Buen precio, se puede pagar con tarjeta y hay wifi.',
      'Lugar luminoso y tranquilo, volveré seguro.',
    ],
    mixed: [
      'Cumple, pero dos lavadoras no funcionaban.',
      'Está bien, aunque los fines de semana hay mucha gente.',
      'Precios correctos; las secadoras necesitan dos ciclos.',
    ],
    poor: ['La mitad de las máquinas estaban averiadas.', 'Sucio y la secadora se tragó mis monedas.'],
  },
  fr: {
    good: [
      'Machines propres et nombreuses, tout était fini en une heure.',
      'Personnel sympathique, les sèche-linge sèchent vraiment.',
      'Bon rapport qualité-prix, paiement par carte sans souci.',
      'Endroit clair et calme le soir. Je reviendrai.',
    ],
    mixed: [
      'Correct, mais deux machines étaient en panne.',
      'Pratique pour un lavage rapide, bondé le week-end.',
      'Prix corrects, le monnayeur était vide.',
    ],
    poor: [
      'La moitié des machines en panne et personne sur place.',
      'Tables sales et un sèche-linge a avalé mes pièces.',
    ],
  },
  zh: {
    good: [
      '机器干净，洗衣很快，一个小时就搞定了。',
      '工作人员很友好，烘干机效果很好。',
      '价格合理，可以刷卡，还有无线网络。',
    ],
    mixed: ['还可以，不过有两台洗衣机坏了。', '周末人很多，需要排队。', '价格一般，烘干要两轮。'],
    poor: ['一半的机器都坏了，也没有人管。', '晚上灯光太暗，感觉不太安全。'],
  },
  hi: {
    good: [
      'मशीनें साफ़ हैं और काम जल्दी हो गया।',
      'स्टाफ़ बहुत मददगार है, ड्रायर अच्छे से सुखाते हैं।',
      'अच्छी कीमत, कार्ड से भुगतान आसानी से हुआ।',
    ],
    mixed: ['ठीक है, लेकिन दो वॉशर ख़राब थे।', 'सप्ताहांत पर बहुत भीड़ रहती है।'],
    poor: ['आधी मशीनें ख़राब थीं और कोई मौजूद नहीं था।', 'रात में रोशनी कम है, सुरक्षित नहीं लगा।'],
  },
};

const TIPS: Record<Language, readonly string[]> = {
  en: [
    'Go early on weekdays.',
    'Bring coins, the change machine is often empty.',
    'The back row of dryers is hotter.',
  ],
  es: ['Mejor ir temprano entre semana.', 'Lleva monedas por si acaso.'],
  fr: ['Venez tôt en semaine.', 'Prévoyez de la monnaie.'],
  zh: ['工作日早上人少。', '最好自带硬币。'],
  hi: ['सुबह जल्दी जाएँ।', 'सिक्के साथ रखें।'],
};

const LANGUAGES: readonly Language[] = ['en', 'es', 'fr', 'zh', 'hi'];

/** Where a language of ours is the local one; anywhere else English is. */
const LOCAL_LANGUAGE: Readonly<Record<string, Language>> = {
  ...Object.fromEntries(
    [
      'ES',
      'MX',
      'AR',
      'CO',
      'CL',
      'PE',
      'VE',
      'EC',
      'GT',
      'CU',
      'BO',
      'DO',
      'HN',
      'PY',
      'SV',
      'NI',
      'CR',
      'PA',
      'UY',
    ].map((code) => [code, 'es']),
  ),
  ...Object.fromEntries(
    ['FR', 'BE', 'CH', 'LU', 'MC', 'SN', 'CI', 'CM', 'MA', 'DZ', 'TN'].map((code) => [code, 'fr']),
  ),
  ...Object.fromEntries(['CN', 'TW', 'HK', 'MO', 'SG'].map((code) => [code, 'zh'])),
  IN: 'hi',
};

/** Mostly the local language, else English, and now and then a traveller writing in another of ours. */
function reviewLanguage(random: () => number, countryCode: string): Language {
  const roll = random();
  if (roll < 0.15) return LANGUAGES[Math.floor(random() * LANGUAGES.length)] as Language;
  if (roll < 0.8) return LOCAL_LANGUAGE[countryCode] ?? 'en';
  return 'en';
}

/** Reviews are dated in the two years before this day (or before today, if that is earlier). */
const LATEST_REVIEW_DAY = Date.UTC(2026, 9, 1);
const DAY_MS = 86_400_000;

const clampRating = (value: number) => Math.min(5, Math.max(1, Math.round(value)));

/**
 * The demo reviews of one laundromat: `count` of them, their ratings spread around `quality` (the rating
 * the laundromat is meant to have), mostly in the language of its country. Deterministic: a laundromat's reviews come from a generator of their
 * own, seeded by the data set's seed and the laundromat's index, so they never shift the other draws.
 */
export function generateDemoReviews(
  seed: number,
  index: number,
  count: number,
  quality: number,
  countryCode: string,
): DemoReview[] {
  const random = createSeededRandom((Math.imul(seed, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const latest = Math.min(LATEST_REVIEW_DAY, Date.now());
  const reviews: DemoReview[] = [];
  for (let i = 0; i < count; i += 1) {
    const overallRating = clampRating(quality + (random() - 0.5) * 2.4);
    const sub = () => clampRating(overallRating + (random() - 0.5) * 2);
    const band: Band = overallRating >= 4 ? 'good' : overallRating === 3 ? 'mixed' : 'poor';
    const language = reviewLanguage(random, countryCode);
    const checklistItems = checklistItemIds.filter(() => random() < 0.25);
    reviews.push({
      overallRating,
      priceRating: sub(),
      safetyRating: sub(),
      cleanlinessRating: sub(),
      reliabilityRating: sub(),
      accessibilityRating: sub(),
      visitTime: random() < 0.7 ? pick(visitTimes) : null,
      checklistItems,
      reviewText: random() < 0.85 ? pick(TEXTS[language][band]) : null,
      tips: random() < 0.2 ? pick(TIPS[language]) : null,
      // Whole minutes within the last two years, newest first by nothing in particular.
      createdAt: new Date(latest - Math.floor((random() * 730 * DAY_MS) / 60_000) * 60_000),
    });
  }
  return reviews;
}

/** The averages and counts the directory stores for these reviews (review-ratings.ts, as events add them). */
export function ratingsOf(reviews: readonly DemoReview[]): DemoRatings {
  const empty = { count: 0, sum: 0 };
  let tallies: RatingTallies = {
    overall: empty,
    price: empty,
    safety: empty,
    cleanliness: empty,
    reliability: empty,
    accessibility: empty,
  };
  for (const review of reviews) tallies = addReview(tallies, review);
  const averages = averagesOf(tallies);
  const score = (name: (typeof subScores)[number]) => averages.scores[name];
  return {
    averageRating: averages.averageRating,
    totalReviews: averages.totalReviews,
    priceScore: score('price'),
    safetyScore: score('safety'),
    cleanlinessScore: score('cleanliness'),
    reliabilityScore: score('reliability'),
    accessibilityScore: score('accessibility'),
  };
}
