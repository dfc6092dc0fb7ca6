/**
 * Whether two laundromat names probably name the same shop: 'Harbour Laundry' and 'Harbor Laundromat',
 * 'Laverie du Marché' and 'Lavomatique du marche'. The words every laundromat's name carries ('laundry',
 * 'laverie', 'wash') are set aside first, or any two neighbours would look alike.
 */

/** Words that say what kind of shop it is (in the product's languages and its neighbours'), not which one. */
const genericWords = new Set([
  'laundromat',
  'laundromats',
  'laundrette',
  'launderette',
  'laundry',
  'laundries',
  'laundrymat',
  'washateria',
  'washeteria',
  'wash',
  'washing',
  'coin',
  'coinop',
  'self',
  'service',
  'dry',
  'cleaners',
  'cleaning',
  'the',
  'and',
  'laverie',
  'lavomatique',
  'pressing',
  'automatique',
  'libre',
  'le',
  'la',
  'les',
  'du',
  'de',
  'des',
  'lavanderia',
  'lavandería',
  'autoservicio',
  'el',
  'waschsalon',
  'lavanderie',
]);

/** Written without spaces (Chinese), so taken out wherever they stand in a word; longest first. */
const genericInWords = ['自助洗衣店', '自助洗衣房', '自助洗衣', '洗衣店', '洗衣房', '洗衣'];

/** Lower case, accents and punctuation gone, generic words out (unless nothing else is left). */
export function nameCore(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  const withoutInner = (word: string) =>
    genericInWords.reduce((rest, term) => rest.replaceAll(term, ''), word);
  const specific = words
    .filter((word) => !genericWords.has(word))
    .map(withoutInner)
    .filter((word) => word !== '');
  return (specific.length > 0 ? specific : words).join(' ');
}

function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const chars = [...text.replace(/ /g, '')];
  if (chars.length === 1) counts.set(chars[0]!, 1);
  for (let i = 0; i + 1 < chars.length; i += 1) {
    const pair = chars[i]! + chars[i + 1]!;
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/** Sørensen–Dice over character pairs: 1 for the same letters, 0 for nothing in common. */
export function nameSimilarity(a: string, b: string): number {
  const left = bigrams(nameCore(a));
  const right = bigrams(nameCore(b));
  let total = 0;
  let shared = 0;
  for (const count of left.values()) total += count;
  for (const [pair, count] of right) {
    total += count;
    shared += Math.min(count, left.get(pair) ?? 0);
  }
  return total === 0 ? 0 : (2 * shared) / total;
}

/** Above this, two names within a few doors of each other are shown as possibly the same laundromat. */
export const similarNameThreshold = 0.6;

export function isSimilarName(a: string, b: string): boolean {
  const left = nameCore(a);
  const right = nameCore(b);
  if (left === '' || right === '') return false;
  // 'Suds' and 'Suds City': one name inside the other is the same shop named in full or in short.
  const [short, long] = left.length <= right.length ? [left, right] : [right, left];
  if (short.length >= 3 && ` ${long} `.includes(` ${short} `)) return true;
  return nameSimilarity(a, b) >= similarNameThreshold;
}
