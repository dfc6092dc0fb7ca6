import { z } from 'zod';

/** Query strings arrive as strings (or arrays when repeated); these turn them into typed values. */

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const toNumber = (v: unknown) => {
  const value = blankToUndefined(v);
  return typeof value === 'string' ? Number(value) : value;
};

/** A number from a query string; blank means absent. */
export function queryNumberSchema(message: string, min: number, max: number) {
  return z.preprocess(
    toNumber,
    z.number({ error: message }).min(min, { error: message }).max(max, { error: message }).optional(),
  );
}

function queryInt(message: string, min: number, max: number) {
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

/** A whole number from a query string; blank means absent. */
export function queryIntSchema(message: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return z.preprocess(toNumber, queryInt(message, min, max).optional());
}

/** A whole number from a query string; blank or absent gives the default. */
export function queryIntWithDefaultSchema(message: string, min: number, max: number, defaultValue: number) {
  return z.preprocess(toNumber, queryInt(message, min, max).default(defaultValue));
}

/**
 * A boolean filter flag. The client sends a filter only when it is on ('true'); 'false' and
 * blank mean "no filter" (the same as absent); any other value is a 400 so typos do not silently widen results.
 */
export function queryFlagSchema(name: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'], { error: `${name} must be 'true' or 'false'` })
      .optional()
      .transform((v) => (v === 'true' ? true : undefined)),
  );
}
