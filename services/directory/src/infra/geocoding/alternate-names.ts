import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { normalizePlaceName } from './place-names.ts';

/**
 * Alternate names from the GeoNames cities500 dump (column 4 of its TSV), for the places the main index
 * holds. The file is read directly: the package's own loader reads it a byte per system call and stops
 * at records with an empty feature code.
 */
export function readAlternateNames(
  packageEntry: string,
  byGeonameId: Map<number, number>,
  byName: Map<string, number[]>,
): Map<string, number[]> {
  const data = readFileSync(join(dirname(packageEntry), 'cities500.txt'));
  const byAlternateName = new Map<string, number[]>();
  const TAB = 9;
  const LF = 10;
  for (let start = 0; start < data.length;) {
    const lineEnd = data.indexOf(LF, start);
    const end = lineEnd < 0 ? data.length : lineEnd;
    const idEnd = data.indexOf(TAB, start);
    const id =
      idEnd >= 0 && idEnd < end ? byGeonameId.get(Number(data.toString('latin1', start, idEnd))) : undefined;
    if (id !== undefined) {
      const nameEnd = data.indexOf(TAB, idEnd + 1);
      const asciiNameEnd = data.indexOf(TAB, nameEnd + 1);
      const alternatesEnd = data.indexOf(TAB, asciiNameEnd + 1);
      if (alternatesEnd > asciiNameEnd + 1 && alternatesEnd < end) {
        for (const alternate of data.toString('utf8', asciiNameEnd + 1, alternatesEnd).split(',')) {
          const key = normalizePlaceName(alternate);
          if (!key || byName.get(key)?.includes(id)) continue;
          const ids = byAlternateName.get(key);
          if (!ids) byAlternateName.set(key, [id]);
          else if (!ids.includes(id)) ids.push(id);
        }
      }
    }
    start = end + 1;
  }
  return byAlternateName;
}
