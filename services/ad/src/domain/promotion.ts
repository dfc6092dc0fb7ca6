import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import { AppError, badRequest, forbidden, notFound } from '@laundry/platform/errors';
import type { AuditContext } from '@laundry/platform/outbox';
import {
  adClickParam,
  createAdvertiserRequestSchema,
  promotedAreaRadiusKm,
  webUrlSchema,
  type Campaign,
} from '@laundry/contracts';
import { createProfile, type AdvertiserDeps } from './advertisers.ts';
import { createCampaign, type CampaignDeps } from './campaigns.ts';

/** What a promotion is prefilled from. */
export interface PromotedListing {
  name: string;
  latitude: number;
  longitude: number;
  website: string | null;
  /** Its first public photo: a path on our origin (or a full URL); null without one. */
  photoPath: string | null;
}

export interface PromotionDeps extends CampaignDeps, AdvertiserDeps {
  /** The laundromat's verified owner by this service's copy of the owner events. */
  ownerOf(laundromatId: string): Promise<string | undefined>;
  listing(laundromatId: string): Promise<PromotedListing | null>;
}

export const notYourLaundromatMessage = 'Only the verified owner of this laundromat can promote it.';
/** An ad's link must be a public web address; a local run (localhost, an IP address) has none. */
export const noPublicAddressMessage =
  'This laundromat cannot be promoted from here: the finder has no public web address for the ad to link to.';

/** The laundromat's page in the finder: the finder with its detail open, as its shared link is. */
export const laundromatPageUrl = (origin: string, laundromatId: string) => {
  const url = new URL('/', origin);
  url.searchParams.set('l', laundromatId);
  return url.toString();
};

/**
 * A draft campaign for the owner's laundromat, prefilled from its listing: the name as the title, its photo
 * as the image, the area around it and its page in the finder (our origin) as the landing page. An owner
 * without an advertiser profile gets one made from the listing as the portal's setup would, so 'Promote'
 * leads straight to the editor; they can change it in the settings.
 */
export async function promoteLaundromat(
  deps: PromotionDeps,
  context: AuditContext,
  user: Identity,
  laundromatId: string,
  /** The finder's origin; `trusted` when it is the configured public address rather than a request's Host. */
  finder: { origin: string; trusted: boolean },
): Promise<Campaign> {
  const { origin } = finder;
  if ((await deps.ownerOf(laundromatId)) !== user.id) throw forbidden(notYourLaundromatMessage);
  const listing = await deps.listing(laundromatId);
  if (!listing) throw notFound('Laundromat not found');
  if (!(await deps.advertisers.findByUser(deps.db, user.id))) {
    const website = createAdvertiserRequestSchema.shape.website.safeParse(listing.website ?? '');
    const profile = createAdvertiserRequestSchema.parse({
      businessName: listing.name.slice(0, 255),
      industry: 'laundromat',
      website: website.success ? website.data : '',
      contactEmail: user.email,
    });
    await createProfile(deps, context, user, profile).catch((error: unknown) => {
      // Made meanwhile by their other request: that one is theirs.
      if (!(error instanceof AppError && error.status === 409)) throw error;
    });
  }
  const targetUrl = laundromatPageUrl(origin, laundromatId);
  if (!webUrlSchema('').safeParse(targetUrl).success)
    throw badRequest(noPublicAddressMessage, 'NO_PUBLIC_ADDRESS');
  const image = listing.photoPath ? new URL(listing.photoPath, origin).toString() : '';
  // Budgets and bid left out: createCampaign reads the draft with the defaults of the account's currency
  // (¥15,000 and ¥75 a click for a yen account, $100 and $0.50 for a dollar one).
  const input = {
    title: listing.name.slice(0, 255),
    imageUrl: /^https?:/.test(image) ? image : '',
    targetUrl,
    status: 'draft',
    targetLatitude: listing.latitude,
    targetLongitude: listing.longitude,
    radiusKm: promotedAreaRadiusKm,
  };
  // A Host header is the client's to write: only the configured address spares the landing page the
  // review a link to another site than the advertiser's gets.
  return createCampaign(deps, context, user, input, { laundromatId, ownLanding: finder.trusted });
}

/**
 * Where a click on a promoted laundromat's ad lands: its page, with the click's token for the conversions
 * its detail reports. Any other campaign's target is left as the advertiser gave it.
 */
export async function landingWithClick(
  deps: { db: Db; campaigns: Pick<CampaignDeps['campaigns'], 'promotedLaundromat'> },
  campaignId: string,
  targetUrl: string,
  token: string,
): Promise<string> {
  if (!(await deps.campaigns.promotedLaundromat(deps.db, campaignId))) return targetUrl;
  const url = new URL(targetUrl);
  url.searchParams.set(adClickParam, token);
  return url.toString();
}
