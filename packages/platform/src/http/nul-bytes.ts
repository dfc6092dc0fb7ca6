import type { RequestHandler } from 'express';
import { badRequest } from '../errors/app-error.ts';

const NUL = '\u0000';

/** Deeper than any body or query this API takes; a deeper one is refused rather than walked. */
export const MAX_NESTING = 32;

export const tooDeeplyNested = () => badRequest('The request is nested too deeply.', 'TOO_DEEPLY_NESTED');

/**
 * The dotted path of the first string (or key) holding a NUL character, or undefined. PostgreSQL refuses
 * 0x00 in text, so such a value could only ever fail deep in a query; it is refused at the door instead.
 * Walked with a stack of its own, so a body nested thousands deep cannot overflow the call stack.
 */
export function findNulField(value: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (typeof item.value === 'string') {
      if (item.value.includes(NUL)) return item.path || '(body)';
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_NESTING) throw tooDeeplyNested();
    // Reversed onto the stack, so the first field is looked at first and named first.
    const entries = Object.entries(item.value).reverse();
    for (const [key, child] of entries) {
      const path = item.path ? `${item.path}.${key}` : key;
      if (key.includes(NUL)) return path;
      pending.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return undefined;
}

export const nulByteError = (field: string) =>
  badRequest(`'${field}' contains a NUL character, which is not allowed.`, 'NUL_CHARACTER');

const hasEncodedNul = (text: string) => /%00/i.test(text) || text.includes(NUL);

/** Refuses a NUL character anywhere in the path, the query or the parsed body, naming where it was. */
export const refuseNulBytes: RequestHandler = (req, _res, next) => {
  if (hasEncodedNul(req.path)) return next(nulByteError('path'));
  try {
    // A raw body (Buffer) is bytes for a signature check, not fields.
    const body: unknown = Buffer.isBuffer(req.body) ? undefined : req.body;
    const field = findNulField(req.query) ?? findNulField(body);
    next(field ? nulByteError(field) : undefined);
  } catch (error) {
    next(error);
  }
};
