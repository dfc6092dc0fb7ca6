import { z } from 'zod';
import { currencies } from './constants/domain.ts';

export const idSchema = z.uuid({ error: 'Must be a valid id' });
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
export const isoDateSchema = z.iso.date();

export const latitudeSchema = z
  .number({ error: 'Latitude must be a number' })
  .min(-90, { error: 'Latitude must be between -90 and 90' })
  .max(90, { error: 'Latitude must be between -90 and 90' });
export const longitudeSchema = z
  .number({ error: 'Longitude must be a number' })
  .min(-180, { error: 'Longitude must be between -180 and 180' })
  .max(180, { error: 'Longitude must be between -180 and 180' });

/**
 * A laundromat's prices may be in any currency of ISO 4217 that the runtime's Intl knows (Node 20 and every
 * current browser list the same set), so every one can be formatted; the six of `currencies` are only the
 * ones offered first.
 */
const isoCurrencies: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
export const currencySchema = z
  .string({ error: 'Currency must be a three-letter ISO 4217 code such as USD or EUR' })
  .refine((code) => isoCurrencies.has(code), {
    error: `Currency must be a three-letter ISO 4217 code such as ${currencies.join(', ')}`,
  });

/** Values stored as decimal(p, s) have at most `scale` decimals; tolerant of binary float noise. */
export function hasAtMostDecimals(value: number, scale: number): boolean {
  const scaled = value * 10 ** scale;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** A non-negative amount with at most `scale` decimals and an upper bound from its column. */
export function moneySchema(max: number, scale = 2) {
  return z
    .number({ error: 'Must be a number' })
    .min(0, { error: 'Must not be negative' })
    .max(max, { error: `Must be at most ${max}` })
    .refine((v) => hasAtMostDecimals(v, scale), { error: `Use at most ${scale} decimals` });
}

export const ratingSchema = z
  .number({ error: 'Rating must be a number' })
  .int({ error: 'Rating must be a whole number' })
  .min(1, { error: 'Rating must be between 1 and 5' })
  .max(5, { error: 'Rating must be between 1 and 5' });

/** A website or link: http(s) only, so nothing else ends up in an href. */
export function webUrlSchema(message: string) {
  return z.httpUrl({ error: message }).max(2048, { error: message });
}

/** An optional form URL: a valid http(s) URL or the empty string the form starts with. */
export function optionalWebUrlSchema(message: string) {
  return z
    .string({ error: message })
    .trim()
    .pipe(z.union([z.literal(''), webUrlSchema(message)], { error: message }))
    .optional();
}

/** US ZIP code shape (docs/product.md, Validation): five digits, optionally a hyphen and four digits. */
export function isUsZip(text: string): boolean {
  return /^\d{5}(-\d{4})?$/.test(text.trim());
}

declare const jsonOf: unique symbol;

/**
 * JSON text known to hold a T: the type of an answer a service builds as text rather than serialises from
 * an object (the list answers, docs/adr/0007-list-answers-as-json-from-postgresql.md). Only `jsonText`
 * makes one, so every such answer is named in one place and tested against its schema.
 */
export type JsonText<T> = string & { readonly [jsonOf]: T };

/** Declares that `text` is the JSON of a T; the caller's test parses it with T's schema. */
export const jsonText = <T>(text: string) => text as JsonText<T>;
