/**
 * Which of a campaign's approved creatives a served ad shows. Pure, with the randomness given, so it is
 * tested without chance.
 *
 * Until every creative has been shown learningImpressions times, each is equally likely: the campaign is
 * still learning which one works. At a click-through of 1–2 %, 1,000 impressions give 10–20 clicks, and the
 * standard error of a 1.5 % rate measured over them is about 0.4 points: a creative at 1 % and one at 2 %
 * are then more than two standard errors apart, so the better one is told from chance; fewer impressions
 * would often crown the luckier one. After that, epsilon-greedy: one ad in ten (exploreShare) still goes to
 * a creative drawn at random, so a creative that was unlucky early, or whose audience changed, can come back;
 * the other nine show the creative with the best click-through (the first listed on a tie).
 */

export interface CreativeCounts {
  impressions: number;
  clicks: number;
}

export const learningImpressions = 1000;
export const exploreShare = 0.1;

export function chooseCreative<T extends CreativeCounts>(creatives: readonly T[], random: () => number): T {
  if (creatives.length === 0) throw new Error('a campaign always has its own creative');
  const anyOf = () => creatives[Math.min(creatives.length - 1, Math.floor(random() * creatives.length))]!;
  if (creatives.length === 1) return creatives[0]!;
  if (creatives.some((creative) => creative.impressions < learningImpressions)) return anyOf();
  if (random() < exploreShare) return anyOf();
  let best = creatives[0]!;
  for (const creative of creatives) {
    if (creative.clicks / creative.impressions > best.clicks / best.impressions) best = creative;
  }
  return best;
}
