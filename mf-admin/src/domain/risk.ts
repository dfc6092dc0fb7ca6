/**
 * How worrying a campaign's automatic risk score is. The ad service holds back a campaign at 30 points or
 * more (its default MODERATION_REVIEW_THRESHOLD); twice that is a clear case.
 */
export type RiskLevel = 'low' | 'medium' | 'high';

export const riskThresholds = { review: 30, high: 60 } as const;

export function riskLevel(score: number): RiskLevel {
  if (score >= riskThresholds.high) return 'high';
  if (score >= riskThresholds.review) return 'medium';
  return 'low';
}
