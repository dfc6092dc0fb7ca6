import { randomUUID } from 'node:crypto';

/**
 * The pages Lighthouse measures. The home page is a first visit; the advertiser dashboard needs a signed-in
 * advertiser, so an account with a profile and a campaign is made through the API and its session cookie put
 * in the browser before Lighthouse loads the page (a header would reach the document but not the page's own
 * API calls). Each run gets its own account, so no run is helped by what an earlier one left on the server.
 */
export type LighthousePage = {
  name: string;
  path: string;
  resultsName: string;
  /** The session cookie (`sid=…`) to sign the browser in with, if the page needs one. */
  sessionCookie(baseUrl: string): Promise<string | undefined>;
};

const home: LighthousePage = {
  name: 'home',
  path: '/',
  resultsName: 'lighthouse',
  sessionCookie: async () => undefined,
};

const advertiserDashboard: LighthousePage = {
  name: 'advertiser-dashboard',
  path: '/advertiser/dashboard',
  resultsName: 'lighthouse-advertiser-dashboard',
  sessionCookie: signedInAdvertiser,
};

export const lighthousePages: Record<string, LighthousePage> = {
  home,
  'advertiser-dashboard': advertiserDashboard,
};

export function lighthousePage(name = 'home'): LighthousePage {
  const page = lighthousePages[name];
  if (!page) {
    throw new Error(`LIGHTHOUSE_PAGE must be one of ${Object.keys(lighthousePages).join(', ')}`);
  }
  return page;
}

async function post(baseUrl: string, path: string, body: unknown, cookie?: string): Promise<Response> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // The gateway refuses a mutation from another origin; this one is made as the page itself would.
      origin: baseUrl,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** A new account with an advertiser profile and one campaign; answers its session cookie (`sid=…`). */
export async function signedInAdvertiser(baseUrl: string): Promise<string> {
  const email = `lighthouse-${randomUUID()}@example.test`;
  const registered = await post(baseUrl, '/api/auth/register', {
    email,
    password: 'correct horse battery',
    confirmAge13: true,
  });
  const sid = registered.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('sid='));
  if (!sid) throw new Error('/api/auth/register set no session cookie');
  await post(
    baseUrl,
    '/api/advertisers',
    {
      businessName: 'Lighthouse Laundry',
      industry: 'laundromat',
      contactEmail: 'owner@lighthouse.example.test',
      website: 'https://lighthouse.example.test',
    },
    sid,
  );
  await post(
    baseUrl,
    '/api/campaigns',
    { title: 'Wash week', targetUrl: 'https://lighthouse.example.test/offer' },
    sid,
  );
  return sid;
}
