export const serviceNames = ['identity', 'directory', 'review', 'photo', 'ad', 'billing'] as const;
export type ServiceName = (typeof serviceNames)[number];

interface Route {
  service: ServiceName;
  pattern: RegExp;
}

/** First match wins, so the more specific review paths come before the directory's laundromat paths. */
const routes: Route[] = [
  { service: 'identity', pattern: /^\/api\/(login|logout|auth)(\/|$)/ },
  { service: 'review', pattern: /^\/api\/laundromats\/[^/]+\/reviews(\/|$)/ },
  { service: 'directory', pattern: /^\/api\/(laundromats|favorites|geocode)(\/|$)/ },
  { service: 'photo', pattern: /^\/(api\/photos|objects)(\/|$)/ },
  { service: 'ad', pattern: /^\/api\/(advertisers|campaigns|ads|placements)(\/|$)/ },
  { service: 'billing', pattern: /^\/api\/(analytics|payouts)(\/|$)/ },
];

export function serviceFor(path: string): ServiceName | undefined {
  return routes.find((route) => route.pattern.test(path))?.service;
}
