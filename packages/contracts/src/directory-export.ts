import { z } from 'zod';

/**
 * The directory's data export (an admin's action): every published laundromat as GeoJSON, offered under
 * the Open Database Licence like the OpenStreetMap data it holds, with the attribution that licence asks
 * for. Amounts are decimal strings of the laundromat's currency, as exact as they are kept.
 */
export const directoryExportLicence = {
  name: 'Open Database License (ODbL) 1.0',
  spdx: 'ODbL-1.0',
  url: 'https://opendatacommons.org/licenses/odbl/1-0/',
  attribution: '© OpenStreetMap contributors (https://www.openstreetmap.org/copyright) and this directory',
} as const;

export const directoryExportFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string(),
    country: z.string(),
    openingHours: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    currency: z.string().nullable(),
    prices: z.record(z.string(), z.string().nullable()),
    source: z.string(),
    osmId: z.string().nullable(),
    status: z.string(),
    updatedAt: z.string(),
  }),
});

export const directoryExportSchema = z.object({
  type: z.literal('FeatureCollection'),
  license: z.object({ name: z.string(), spdx: z.string(), url: z.string(), attribution: z.string() }),
  generatedAt: z.string(),
  features: z.array(directoryExportFeatureSchema),
});
export type DirectoryExport = z.infer<typeof directoryExportSchema>;
