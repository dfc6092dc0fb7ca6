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

/**
 * Every known place for a code, keyed by the code as written in its country ('75001', '0150', '110001'):
 * the file's lines kept as they are in one buffer, with the lines' order by code (then by their order in
 * the file) in a Uint32Array, found by binary search and decoded into places only for the code asked for.
 * An object per place, with its array of names, took about 84 MB of heap for the 171,000 codes; this
 * takes the file's size (about 10 MB) and 4 bytes a line for each of three offset arrays.
 */
export class WorldPostalCodes {
  /** How many places (lines) there are; a code may have several. */
  readonly places: number;
  private readonly text: Buffer;
  private readonly lineStarts: Uint32Array;
  private readonly lineEnds: Uint32Array;
  private readonly byCode: Uint32Array;

  constructor(text: Buffer) {
    this.text = text;
    const starts: number[] = [];
    const ends: number[] = [];
    const codes: string[] = [];
    const TAB = 9;
    const LF = 10;
    for (let start = 0; start < text.length;) {
      const lineEnd = text.indexOf(LF, start);
      const end = lineEnd < 0 ? text.length : lineEnd;
      if (end > start) {
        starts.push(start);
        ends.push(end);
        codes.push(this.codeIn(start, end, TAB));
      }
      start = end + 1;
    }
    this.places = starts.length;
    this.lineStarts = Uint32Array.from(starts);
    this.lineEnds = Uint32Array.from(ends);
    const order = codes.map((_, i) => i);
    order.sort((a, b) => {
      const x = codes[a] as string;
      const y = codes[b] as string;
      return x < y ? -1 : x > y ? 1 : a - b;
    });
    this.byCode = Uint32Array.from(order);
  }

  private codeIn(start: number, end: number, TAB = 9): string {
    const countryEnd = this.text.indexOf(TAB, start);
    if (countryEnd < 0 || countryEnd >= end) return '';
    const codeEnd = this.text.indexOf(TAB, countryEnd + 1);
    return this.text.toString('utf8', countryEnd + 1, codeEnd < 0 || codeEnd > end ? end : codeEnd);
  }

  private codeAt(rank: number): string {
    const line = this.byCode[rank] as number;
    return this.codeIn(this.lineStarts[line] as number, this.lineEnds[line] as number);
  }

  /** The places of a code, in the file's order; undefined for a code not in the file. */
  get(code: string): PostalPlace[] | undefined {
    let lo = 0;
    let hi = this.places;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.codeAt(mid) < code) lo = mid + 1;
      else hi = mid;
    }
    const found: PostalPlace[] = [];
    for (let rank = lo; rank < this.places && this.codeAt(rank) === code; rank += 1) {
      const line = this.byCode[rank] as number;
      found.push(this.placeAt(line));
    }
    return found.length ? found : undefined;
  }

  private placeAt(line: number): PostalPlace {
    const text = this.text.toString('utf8', this.lineStarts[line], this.lineEnds[line]);
    const [country = '', code = '', names = '', region = '', latitude = '', longitude = ''] =
      text.split('\t');
    return {
      country,
      code,
      names: names.split('|'),
      region,
      latitude: Number(latitude),
      longitude: Number(longitude),
    };
  }
}

export function readWorldPostalCodes(file: URL = DATA_FILE): WorldPostalCodes {
  return new WorldPostalCodes(gunzipSync(readFileSync(file)));
}
