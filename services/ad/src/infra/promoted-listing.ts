import { z } from 'zod';
import { ServiceUnavailableError } from '@laundry/contracts';
import type { PromotedListing } from '../domain/promotion.ts';

const listingSchema = z.object({
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  website: z.string().nullable().optional(),
});
const photosSchema = z.array(z.object({ publicUrl: z.string().nullable() }).loose());

/**
 * The listing a promotion is prefilled from: the directory's public answer, and the photo service's first
 * public photo. Asked over HTTP as the owner waits; a photo the photo service cannot give is left out,
 * while a directory that cannot answer is a 503 (nothing is created on a guess).
 */
export function createPromotedListingReader(options: {
  directoryUrl: string;
  photoUrl: string;
  timeoutMs: number;
}) {
  const unavailable = () =>
    new ServiceUnavailableError(
      'We cannot read this laundromat’s listing right now. Please try again in a moment.',
      'DIRECTORY_UNAVAILABLE',
    );
  return async function listing(laundromatId: string): Promise<PromotedListing | null> {
    const id = encodeURIComponent(laundromatId);
    let response: Response;
    try {
      response = await fetch(new URL(`/api/laundromats/${id}`, options.directoryUrl), {
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    if (response.status === 404) return null;
    const parsed = response.status === 200 ? listingSchema.safeParse(await response.json()) : undefined;
    if (!parsed?.success) throw unavailable();
    return { ...parsed.data, website: parsed.data.website ?? null, photoPath: await firstPhoto(id) };
  };

  async function firstPhoto(id: string): Promise<string | null> {
    try {
      const response = await fetch(new URL(`/api/photos/${id}`, options.photoUrl), {
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (response.status !== 200) return null;
      const photos = photosSchema.safeParse(await response.json());
      return (photos.success && photos.data.find((photo) => photo.publicUrl)?.publicUrl) || null;
    } catch {
      return null;
    }
  }
}
