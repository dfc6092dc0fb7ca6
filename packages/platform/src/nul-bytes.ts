import type { RequestHandler } from 'express';
import { badRequest } from './errors.ts';

const NUL = '\u0000';

/**
 * The dotted path of the first string (or key) holding a NUL character, or undefined. PostgreSQL refuses
 * 0x00 in text, so such a value could only ever fail deep in a query; it is refused at the door instead.
 */
export function findNulField(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path || '(body)' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return itemPath;
    const found = findNulField(item, itemPath);
    if (found) return found;
  }
  return undefined;
}

export const nulByteError = (field: string) =>
  badRequest(`'${field}' contains a NUL character, which is not allowed.`, 'NUL_CHARACTER');

const hasEncodedNul = (text: string) => /%00/i.test(text) || text.includes(NUL);

/** Refuses a NUL character anywhere in the path, the query or the parsed body, naming where it was. */
export const refuseNulBytes: RequestHandler = (req, _res, next) => {
  if (hasEncodedNul(req.path)) return next(nulByteError('path'));
  const field = findNulField(req.query) ?? findNulField(req.body);
  next(field ? nulByteError(field) : undefined);
};
