import fc from 'fast-check';
import { acceptedTypes, mainBranch, type JsonSchema } from './openapi-walk.ts';

/** Text no answer may carry: it names the code, the database or the runtime underneath. */
export const internalsPatterns: RegExp[] = [
  /\n\s+at \S/, // a stack frame
  /at Object\./,
  /\/src\//,
  /node_modules/,
  /syntax error/i,
  /violates/i,
  /relation "/i,
  /invalid byte sequence/i,
  /\.ts:\d+/,
  /\b(TypeError|RangeError|ReferenceError|SyntaxError|ZodError)\b/,
  /\bECONN(REFUSED|RESET)\b/,
  /\bSQLSTATE\b|\bpg_\w+\(/,
  /in JSON at position|Unexpected (token|end of JSON)/,
];

const carriesInternals = (text: string) => internalsPatterns.some((pattern) => pattern.test(text));

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) becomes the three bytes it would take in
 * WTF-8: not UTF-8 at all, which is the point of sending it.
 */
export function percentEncode(text: string): string {
  let encoded = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(text[i]!);
    }
  }
  return encoded;
}

/** A number token written as JSON text as it is: JSON.stringify cannot say 1e309 (which parses to Infinity). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value, keeping keys such as `__proto__` that were defined as own properties. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).map(
      (key) => `${JSON.stringify(key)}:${jsonText((value as Record<string, unknown>)[key])}`,
    );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** An object literal would take `__proto__` as its prototype; this defines it as an own key, as JSON.parse does. */
export function withOwnKey(
  target: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return target;
}

export const nulTexts = ['\u0000', 'wash\u0000room', 'x'.repeat(6) + '\u0000', '\u0000'.repeat(8)];

const injectionTexts = [
  "' OR '1'='1",
  '%_%',
  '(',
  '[a-',
  '.*',
  '\\d+(',
  '*?+',
  '^$|',
  "'; DROP TABLE laundromats; --",
  '" OR ""="',
  '$1',
  '%s%s%s%n',
  '{{7*7}}',
  '${7*7}',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '\\',
  '`',
];

const unicodeTexts = [
  '\ud800',
  'a\udfffb',
  '\uffff',
  '\ufeffbom',
  '\u202eevil',
  'İstanbul',
  '𝕳𝖔𝖘𝖙𝖎𝖑𝖊',
  '👩‍👩‍👧‍👦',
  'e\u0301\u0301\u0301\u0301',
  'ｆｕｌｌｗｉｄｔｈ',
  '\r\nX-Injected: 1',
  '\u2028\u2029',
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  '[]',
  '{}',
];

/** Dates and numbers written as text, the forms Date.parse and Number() read in surprising ways. */
export const numberLikeTexts = [
  '1',
  '2020',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '9999-12-31T23:59:59.999999Z',
  '2024-02-30T25:61:61Z',
  '-0',
  '1e309',
  '-1e309',
  'Infinity',
  '0x1f',
  '1_000',
  '9007199254740993',
  '1'.padEnd(400, '0'),
  '0.' + '0'.repeat(400) + '1',
];

export const hostileText: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(...nulTexts, ...injectionTexts, ...unicodeTexts, ...numberLikeTexts),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc
      .tuple(fc.string({ unit: 'grapheme-ascii', maxLength: 10 }), fc.constantFrom(...nulTexts))
      .map(([text, nul]) => text + nul),
  )
  .filter((text) => !carriesInternals(text));

/** Keys that would reach Object.prototype, or a class's, if some code merged objects naively. */
export const pollutingKeys = ['__proto__', 'constructor', 'prototype'];

export const pollution: fc.Arbitrary<[string, unknown]> = fc.constantFrom<[string, unknown]>(
  ['__proto__', { polluted: 'yes', role: 'admin', isAdmin: true }],
  ['constructor', { prototype: { polluted: 'yes', role: 'admin' } }],
  ['prototype', { polluted: 'yes' }],
  ['__proto__', { toString: 'polluted', valueOf: 1 }],
);

const wrongTypeCandidates: unknown[] = [
  'text',
  42,
  -1.5,
  true,
  false,
  null,
  [],
  ['x', 1],
  {},
  { $gt: '' },
  { $where: 'sleep(1000)' },
];

const jsonTypeOf = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'object'
        ? 'object'
        : typeof value;

/** Values of a JSON type the schema does not accept. */
function wrongTypes(schema: JsonSchema): unknown[] {
  const types = acceptedTypes(schema);
  if (types.size === 0) return [];
  return wrongTypeCandidates.filter((value) => !types.has(jsonTypeOf(value)));
}

/**
 * Values the schema must refuse (a 400 from the service), or undefined when it accepts anything. NUL counts:
 * no text field may hold it (PostgreSQL refuses 0x00), so a request carrying one is refused as a whole.
 */
export function invalidValue(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const main = mainBranch(schema);
  const options: fc.Arbitrary<unknown>[] = [];
  const wrong = wrongTypes(schema);
  if (wrong.length > 0) options.push(fc.constantFrom(...wrong));
  const types = acceptedTypes(schema);
  if (types.has('number')) options.push(fc.constantFrom(...outOfRange(main)));
  if (types.has('string') && !main.enum) options.push(...invalidStrings(main));
  if (main.enum) {
    options.push(hostileText.filter((text) => !main.enum!.includes(text)));
  }
  if (types.has('array')) {
    if (main.maxItems !== undefined) {
      options.push(
        fc.constant(Array.from({ length: main.maxItems + 1 }, () => main.items?.enum?.[0] ?? 'x')),
      );
    }
    const item = main.items ? invalidValue(main.items) : undefined;
    if (item) options.push(item.map((value) => [value]));
  }
  if (types.has('object') && main.properties) {
    const nested = Object.entries(main.properties).flatMap(([key, property]) => {
      const value = invalidValue(property);
      return value ? [value.map((v) => ({ [key]: v }))] : [];
    });
    if (nested.length > 0) options.push(fc.oneof(...nested));
  }
  return options.length > 0 ? fc.oneof(...options) : undefined;
}

function outOfRange(schema: JsonSchema): unknown[] {
  const values: unknown[] = [new RawJson('1e309'), new RawJson('-1e309')];
  if (schema.minimum !== undefined) values.push(schema.minimum - 1, schema.minimum - 0.001, -1e308);
  if (schema.maximum !== undefined) values.push(schema.maximum + 1, schema.maximum + 0.001, 1e308);
  if (schema.type === 'integer') {
    const low = schema.minimum ?? 0;
    values.push(low + 0.5, Number.MAX_SAFE_INTEGER + 2);
  }
  return values;
}

function invalidStrings(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const options: fc.Arbitrary<unknown>[] = [
    fc
      .constantFrom(...nulTexts)
      .map((nul) => `${'x'.repeat(Math.max(0, (schema.minLength ?? 1) - 1))}${nul}`),
  ];
  if (schema.maxLength !== undefined) {
    options.push(
      fc.integer({ min: schema.maxLength + 1, max: schema.maxLength * 3 + 10 }).map((n) => 'x'.repeat(n)),
    );
  }
  // Past the body limit: the gateway must refuse it by its length, before a service reads it.
  options.push(fc.integer({ min: 60_000, max: 120_000 }).map((n) => 'é'.repeat(n)));
  if (schema.minLength !== undefined && schema.minLength > 1) {
    options.push(fc.constant('x'.repeat(schema.minLength - 1)));
  }
  if (schema.format === 'uuid' || schema.pattern) {
    options.push(
      fc.constantFrom('not-a-uuid', '00000000-0000-0000-0000-00000000000g', '1', "' OR '1'='1", '../x'),
    );
  }
  return options;
}

/** A path segment that cannot name anything: not an id at all, or broken percent-encoding. */
export const malformedSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'not-a-uuid',
    '00000000-0000-0000-0000-00000000000g',
    '%00',
    'x%00y',
    '%',
    '%zz',
    '%E0%A4%A',
    '%2e%2e',
    '..%2F..%2Fetc%2Fpasswd',
    '%C0%AE%C0%AE',
    '1',
    '-1',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    'prototype',
  ),
  hostileText.filter((text) => text.length > 0 && !/^[0-9a-f-]{36}$/i.test(text)).map(percentEncode),
  fc.integer({ min: 2_000, max: 20_000 }).map((n) => 'a'.repeat(n)),
);

/**
 * Base64url JSON shaped like the services' page cursors (`{t, i}` for reviews, `{o}` for the directory), with
 * the instant or offset hostile: these are what reach a query, where a bad one used to fail in PostgreSQL.
 */
export const forgedCursor: fc.Arbitrary<string> = fc
  .oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        t: fc.oneof(
          fc.constantFrom(...numberLikeTexts),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        ),
        i: fc.uuid(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        t: fc.oneof(hostileText, fc.integer(), fc.constant(null)),
        i: fc.oneof(fc.uuid(), hostileText, fc.integer()),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        o: fc.oneof(fc.constantFrom(-1, 1.5, 2 ** 53, 1e308, '1', null, '0; DROP'), fc.integer()),
      }),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  )
  .map((value) => Buffer.from(JSON.stringify(value) ?? 'null').toString('base64url'));

/** A query value as it goes on the wire: usually encoded, sometimes raw broken encoding. */
export function hostileQueryValue(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const encoded = (arbitrary: fc.Arbitrary<string>) => arbitrary.map(percentEncode);
  const numeric = acceptedTypes(schema).has('number');
  const outside = numeric
    ? outOfRange(mainBranch(schema)).map((value) => String(value instanceof RawJson ? value.text : value))
    : [];
  return fc.oneof(
    encoded(hostileText),
    encoded(fc.constantFrom(...numberLikeTexts, ...outside, 'abc', 'true', 'false', 'yes')),
    fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%FF%FE'),
    fc.integer({ min: 2_000, max: 12_000 }).map((n) => 'q'.repeat(n)),
    ...(name === 'cursor' ? [encoded(forgedCursor), encoded(forgedCursor), encoded(forgedCursor)] : []),
    ...(name === 'bounds'
      ? [
          encoded(
            fc.oneof(
              fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? 'null'),
              fc
                .record({ north: fc.double(), south: fc.double(), east: fc.double(), west: fc.double() })
                .map((box) => JSON.stringify(box)),
              fc.constant('{"north":1e309,"south":-1e309,"east":1e309,"west":-1e309}'),
            ),
          ),
        ]
      : []),
  );
}
