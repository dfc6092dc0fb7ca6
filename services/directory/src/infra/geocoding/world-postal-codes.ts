import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * Postal codes outside the US and Canada, from the compact index that `npm run postal-index -w scripts`
 * writes (data/postal-codes.tsv.gz: Germany, France, Finland, Norway, Italy, Türkiye, Australia, India,
 * Malaysia, Taiwan, the Philippines, Japan; see that script for the sources and their licences). About
 * 171,000 codes, 117,000 of them Japanese; read on the first postal query only.
 */

export interface PostalPlace {
  /** ISO 3166 alpha-2. */
  country: string;
  code: string;
  /** The place names the code is known by; the first is shown. */
  names: string[];
  region: string;
  latitude: number;
  longitude: number;
}

const DATA_FILE = new URL('../../../data/postal-codes.tsv.gz', import.meta.url);

/** Every known place for a code, keyed by the code as written in its country ('75001', '0150', '110001'). */
export function readWorldPostalCodes(file: URL = DATA_FILE): Map<string, PostalPlace[]> {
  const byCode = new Map<string, PostalPlace[]>();
  const text = gunzipSync(readFileSync(file)).toString('utf8');
  for (const line of text.split('\n')) {
    if (!line) continue;
    const [country = '', code = '', names = '', region = '', latitude = '', longitude = ''] =
      line.split('\t');
    const place = {
      country,
      code,
      names: names.split('|'),
      region,
      latitude: Number(latitude),
      longitude: Number(longitude),
    };
    const places = byCode.get(code);
    if (places) places.push(place);
    else byCode.set(code, [place]);
  }
  return byCode;
}
