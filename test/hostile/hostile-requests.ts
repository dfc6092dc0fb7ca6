import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { forgedSessionKinds, type ForgedSessionKind } from './forged-sessions.ts';
import {
  hostileQueryValue,
  hostileText,
  invalidValue,
  jsonText,
  malformedSegment,
  percentEncode,
  pollution,
  withOwnKey,
} from './hostile-values.ts';
import {
  mainBranch,
  sampleValue,
  type JsonSchema,
  type Parameter,
  type WalkedOperation,
} from './openapi-walk.ts';

export type SessionChoice = 'none' | 'attacker' | ForgedSessionKind;

/** What the answer must be: any 4xx, exactly one status, or anything that is not a 5xx. */
export type Expectation = 'refused' | number | 'any';

export interface HostileCase {
  operationId: string;
  method: string;
  /** Path and query as they go on the request line. */
  target: string;
  session: SessionChoice;
  headers: Record<string, string>;
  body?: Buffer;
  chunked?: boolean;
  /** The hostile parts, for the report. */
  label: string[];
  expect: Expectation;
}

export type TargetKind = 'laundromat' | 'victim-photo' | 'victim-user' | 'victim-object' | 'victim-claim';

export interface CaseContext {
  laundromatId: string;
  /** The victim's real ids and paths, aimed at through path parameters. */
  victimTargets: Array<{ value: string; kind: TargetKind }>;
  unique: () => string;
  validPng: Buffer;
  pixelBombPng: Buffer;
}

/** Everything up to the body limit a request may have before the gateway refuses it by its length. */
const BODY_LIMIT = 100 * 1024;

interface BodyPart {
  headers: Record<string, string>;
  bytes?: Buffer;
  chunked?: boolean;
  /** The service must refuse a request carrying it. */
  refusing: boolean;
  /** Refused before any route runs (parser, gateway), so it may come before a 401. */
  beforeRoute: boolean;
  label: string;
}

interface PathPart {
  segment: string;
  kind: TargetKind | 'malformed' | 'unknown-id';
}

const isValidSession = (session: SessionChoice) => session === 'attacker';

const signsOut = new Set(['/api/logout', '/api/me/sessions/sign-out-others']);

const sampling = (context: CaseContext) => ({ uuid: context.laundromatId, unique: context.unique });

function sessionChoice(operation: WalkedOperation): fc.Arbitrary<SessionChoice> {
  // Signing out with the attacker's own session, or ending its other sessions, would revoke sessions later
  // cases and checks rely on.
  const attacker = signsOut.has(operation.path)
    ? []
    : [{ weight: 5, arbitrary: fc.constant('attacker' as const) }];
  return fc.oneof(
    ...attacker,
    { weight: 2, arbitrary: fc.constant('none' as const) },
    { weight: 4, arbitrary: fc.constantFrom(...forgedSessionKinds) },
  );
}

function pathPart(parameter: Parameter, context: CaseContext): fc.Arbitrary<PathPart> {
  // A stored object's path holds slashes: only the one wildcard parameter can take it as it is.
  const targets = context.victimTargets.filter(
    (target) => target.kind !== 'victim-object' || parameter.name === 'objectPath',
  );
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(...targets).map((t) => ({ segment: t.value, kind: t.kind })),
    },
    {
      weight: 1,
      arbitrary: fc.uuid({ version: 4 }).map((id) => ({ segment: id, kind: 'unknown-id' as const })),
    },
    { weight: 4, arbitrary: malformedSegment.map((segment) => ({ segment, kind: 'malformed' as const })) },
  );
}

interface QueryPart {
  text: string;
  hostile: boolean;
}

function queryPart(parameters: Parameter[]): fc.Arbitrary<QueryPart> {
  const pairs = parameters.map((parameter) =>
    fc.oneof(
      hostileQueryValue(parameter.schema, parameter.name).map((value) => `${parameter.name}=${value}`),
      // Repeated, or in bracket form: Express reads these as arrays and objects.
      hostileQueryValue(parameter.schema, parameter.name).map(
        (value) => `${parameter.name}=1&${parameter.name}=${value}`,
      ),
      fc.constantFrom(`${parameter.name}[]=1`, `${parameter.name}[a]=1`, `${parameter.name}[__proto__][x]=1`),
    ),
  );
  const extra = fc.constantFrom(
    '__proto__[polluted]=yes',
    'constructor[prototype][polluted]=yes',
    '__proto__=x',
    'prototype=x',
    `${'k'.repeat(300)}=v`,
  );
  return fc
    .tuple(fc.subarray(pairs, { maxLength: Math.min(4, pairs.length) }), fc.array(extra, { maxLength: 2 }))
    .chain(([chosen, extras]) =>
      (chosen.length > 0 ? fc.tuple(...chosen) : fc.constant([] as string[])).map((values) => [
        ...values,
        ...extras,
      ]),
    )
    .map((items) => ({ text: items.length > 0 ? `?${items.join('&')}` : '', hostile: items.length > 0 }));
}

const flattenForForm = (value: Record<string, unknown>) =>
  Object.keys(value)
    .map((key) => {
      const item = value[key];
      return `${percentEncode(key)}=${percentEncode(typeof item === 'string' ? item : jsonText(item))}`;
    })
    .join('&');

/** The start of what goes on the wire, escaped so binary bodies print as text. */
const preview = (bytes: Buffer) =>
  `${JSON.stringify(bytes.subarray(0, 300).toString('utf8'))}${bytes.length > 300 ? ` … (${bytes.length} bytes)` : ''}`;

const containsNul = (value: unknown) => jsonText(value).includes('\\u0000');

/** The gzip of 40 MB of spaces: 40 KB on the wire, far past the body limit once inflated. */
const gzipBomb = gzipSync(Buffer.alloc(40 * 1024 * 1024, ' '), { level: 9 });

/** A JSON body that breaks its schema (at least one change) and sometimes the wire format too. */
function jsonBody(schema: JsonSchema, context: CaseContext, requiresJson: boolean): fc.Arbitrary<BodyPart> {
  // A body that is one of several shapes (a decision: approve, reject…) is varied from its first shape.
  const main = mainBranch(schema);
  const properties = Object.entries(main.properties ?? {});
  const changes = properties.flatMap(([key, property]) => {
    const value = invalidValue(property);
    const set = value ? [value.map((v) => ({ key, value: v, remove: false }))] : [];
    const remove = main.required?.includes(key) ? [fc.constant({ key, value: undefined, remove: true })] : [];
    return [...set, ...remove];
  });
  const document = fc
    .record({
      changes: fc.array(fc.oneof(...changes), { minLength: 1, maxLength: 3 }),
      polluting: fc.array(pollution, { maxLength: 2 }),
    })
    .map(({ changes: chosen, polluting }) => {
      const body = sampleValue(main, sampling(context)) as Record<string, unknown>;
      for (const change of chosen) {
        if (change.remove) delete body[change.key];
        else body[change.key] = change.value;
      }
      for (const [key, value] of polluting) withOwnKey(body, key, value);
      return body;
    });
  const wire = fc.oneof(
    { weight: 10, arbitrary: fc.constant('json') },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        'utf-16',
        'koi8-r',
        'broken-gzip',
        'gzip-bomb',
        'broken-deflate',
        'unknown-encoding',
        'truncated',
        'trailing-garbage',
        'scalar',
        'deep-nesting',
        'form',
        'too-many-params',
        'text-plain',
        'no-content-type',
        'multipart-without-boundary',
        'chunked',
      ),
    },
  );
  return fc.tuple(document, wire).map(([body, how]): BodyPart => {
    const text = jsonText(body);
    const json = { 'content-type': 'application/json' };
    const nul = containsNul(body);
    const part = (
      headers: Record<string, string>,
      bytes: Buffer | string,
      beforeRoute: boolean,
    ): BodyPart => {
      const buffer = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
      return {
        headers,
        bytes: buffer,
        refusing: true,
        // A parser, the NUL check or the gateway's length check refuse before any route's session check.
        beforeRoute: beforeRoute || nul || buffer.length > BODY_LIMIT || (requiresJson && how !== 'json'),
        label: `${how} body ${preview(buffer)}`,
      };
    };
    switch (how) {
      case 'json':
        return part(json, text, false);
      case 'utf-16':
        return part({ 'content-type': 'application/json; charset=utf-16' }, text, true);
      case 'koi8-r':
        return part({ 'content-type': 'application/json; charset=koi8-r' }, text, true);
      case 'broken-gzip':
        return part({ ...json, 'content-encoding': 'gzip' }, gzipSync(text).subarray(0, 12), true);
      case 'gzip-bomb':
        return part({ ...json, 'content-encoding': 'gzip' }, gzipBomb, true);
      case 'broken-deflate':
        return part({ ...json, 'content-encoding': 'deflate' }, Buffer.from('not deflate at all'), true);
      case 'unknown-encoding':
        return part({ ...json, 'content-encoding': 'x-hostile' }, text, true);
      case 'truncated':
        return part(json, text.slice(0, Math.max(1, Math.floor(text.length / 2))), true);
      case 'trailing-garbage':
        return part(json, `${text}}{"x":`, true);
      case 'scalar':
        return part(json, 'null', true);
      case 'deep-nesting':
        // The service kit refuses nesting past its limit with the body, before a route's session check.
        return part(json, `${'{"a":'.repeat(15_000)}1${'}'.repeat(15_000)}`, true);
      case 'form':
        return part({ 'content-type': 'application/x-www-form-urlencoded' }, flattenForForm(body), false);
      case 'too-many-params':
        return part(
          { 'content-type': 'application/x-www-form-urlencoded' },
          Array.from({ length: 1500 }, (_, i) => `p${i}=1`).join('&'),
          true,
        );
      case 'text-plain':
        return part({ 'content-type': 'text/plain' }, text, false);
      case 'no-content-type':
        return part({}, text, false);
      case 'chunked':
        return { ...part(json, text, false), chunked: true };
      default:
        return part({ 'content-type': 'multipart/form-data' }, text, false);
    }
  });
}

const CRLF = '\r\n';

interface MultipartField {
  name: string;
  value: string | Buffer;
  fileName?: string;
  type?: string;
}

function multipart(boundary: string, fields: MultipartField[], close = true): Buffer {
  const parts = fields.map((field) => {
    const disposition =
      field.fileName === undefined
        ? `form-data; name="${field.name}"`
        : `form-data; name="${field.name}"; filename="${field.fileName}"`;
    const type = field.type ? `${CRLF}Content-Type: ${field.type}` : '';
    return Buffer.concat([
      Buffer.from(`--${boundary}${CRLF}Content-Disposition: ${disposition}${type}${CRLF}${CRLF}`),
      Buffer.from(field.value),
      Buffer.from(CRLF),
    ]);
  });
  return Buffer.concat([...parts, Buffer.from(close ? `--${boundary}--${CRLF}` : '')]);
}

/** A multipart upload with at least one reason to be refused: its file, a field, or its structure. */
function multipartBody(schema: JsonSchema, context: CaseContext): fc.Arbitrary<BodyPart> {
  const fieldSchemas = Object.entries(schema.properties ?? {}).filter(([name]) => name !== 'file');
  const validFields = (): Record<string, string> =>
    Object.fromEntries(
      fieldSchemas.map(([name, property]) => [name, String(sampleValue(property, sampling(context)))]),
    );
  const badFile = fc.constantFrom(
    ['text', Buffer.from('just some text, not an image')],
    ['html', Buffer.from('<html><script>alert(1)</script></html>')],
    ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['empty', Buffer.alloc(0)],
    ['truncated-png', context.validPng.subarray(0, 40)],
    ['jpeg-magic-then-junk', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)])],
    ['pixel-bomb', context.pixelBombPng],
  ) as fc.Arbitrary<[string, Buffer]>;
  const badFields = fieldSchemas.flatMap(([name, property]) => {
    const value = invalidValue(property);
    const strings = value ? [value.filter((v): v is string => typeof v === 'string')] : [];
    const unknownId = property.format === 'uuid' ? [fc.uuid({ version: 4 })] : [];
    return [...strings, ...unknownId].map((arbitrary) => arbitrary.map((v) => [name, v] as const));
  });
  const structures = [
    'no-closing-boundary',
    'two-files',
    'misnamed-file',
    'no-file',
    'too-many-parts',
    'boundary-not-in-header',
    'preamble-only',
    'json-instead',
  ] as const;
  type Structure = (typeof structures)[number] | 'normal';
  const reason = fc.oneof(
    badFile.map((file) => ({ file, field: undefined, structure: 'normal' as Structure })),
    // An upload with no field but its file (a profile image) has no bad field to send.
    ...(badFields.length > 0
      ? [
          fc
            .oneof(...badFields)
            .map((field) => ({ file: undefined, field, structure: 'normal' as Structure })),
        ]
      : []),
    fc
      .constantFrom(...structures)
      .map((structure) => ({ file: undefined, field: undefined, structure: structure as Structure })),
  );
  const fileName = fc.oneof(
    fc.constant('photo.png'),
    fc.constantFrom('../../../etc/passwd', 'a\u0000.png', '%00.png', 'x'.repeat(600) + '.png'),
    hostileText.map((text) => text.replace(/["\r\n]/g, '') + '.png'),
  );
  const declaredType = fc.constantFrom('image/png', 'image/gif', 'text/html', 'application/octet-stream', '');
  return fc
    .tuple(reason, fileName, declaredType, fc.array(pollution, { maxLength: 1 }))
    .map(([{ file, field, structure }, name, type, polluting]): BodyPart => {
      const boundary = `hostile${context.unique()}`;
      const fields = validFields();
      if (field) fields[field[0]] = field[1];
      const [fileKind, fileBytes] = file ?? ['png', context.validPng];
      const parts: MultipartField[] = Object.entries(fields).map(([n, value]) => ({ name: n, value }));
      for (const [key, value] of polluting) parts.push({ name: key, value: jsonText(value) });
      const filePart = { name: 'file', value: fileBytes, fileName: name, type: type || undefined };
      let contentType = `multipart/form-data; boundary=${boundary}`;
      let bytes: Buffer;
      switch (structure) {
        case 'no-closing-boundary':
          bytes = multipart(boundary, [...parts, filePart], false);
          break;
        case 'two-files':
          bytes = multipart(boundary, [...parts, filePart, { ...filePart, fileName: 'second.png' }]);
          break;
        case 'misnamed-file':
          bytes = multipart(boundary, [...parts, { ...filePart, name: 'photo' }]);
          break;
        case 'no-file':
          bytes = multipart(boundary, parts);
          break;
        case 'too-many-parts':
          bytes = multipart(boundary, [
            ...parts,
            ...Array.from({ length: 30 }, (_, i) => ({ name: `extra${i}`, value: 'x' })),
            filePart,
          ]);
          break;
        case 'boundary-not-in-header':
          contentType = 'multipart/form-data';
          bytes = multipart(boundary, [...parts, filePart]);
          break;
        case 'preamble-only':
          bytes = Buffer.from(`this is not multipart at all${CRLF}`);
          break;
        case 'json-instead':
          contentType = 'application/json';
          bytes = Buffer.from(jsonText(fields));
          break;
        default:
          bytes = multipart(boundary, [...parts, filePart]);
      }
      const nul = [...Object.values(fields), name].some((v) => v.includes('\u0000'));
      return {
        headers: { 'content-type': contentType },
        bytes,
        refusing: true,
        beforeRoute: nul,
        label: `multipart: file ${fileKind} named ${JSON.stringify(name).slice(0, 80)} as ${type || 'no type'}, fields ${JSON.stringify(fields).slice(0, 300)}, ${structure}`,
      };
    });
}

/** The form the login page posts: the page ignores it, so only what breaks the parser must be refused. */
function formBody(schema: JsonSchema): fc.Arbitrary<BodyPart> {
  const keys = [
    ...Object.keys(schema.properties ?? {}),
    '__proto__[role]',
    'constructor[prototype][x]',
    'a[b][c]',
  ];
  const hostileForm = fc
    .array(fc.tuple(fc.constantFrom(...keys), hostileText), { minLength: 1, maxLength: 6 })
    .map((pairs) => pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&'));
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  return fc.oneof(
    hostileForm.map((text) => ({
      headers: form,
      bytes: Buffer.from(text),
      refusing: text.includes('%00'),
      beforeRoute: text.includes('%00'),
      label: `form ${text.slice(0, 300)}`,
    })),
    fc.constantFrom<BodyPart>(
      {
        headers: form,
        bytes: Buffer.from(Array.from({ length: 1500 }, (_, i) => `p${i}=1`).join('&')),
        refusing: true,
        beforeRoute: true,
        label: 'form with 1500 fields',
      },
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=koi8-r' },
        bytes: Buffer.from('email=a%40b.c'),
        refusing: true,
        beforeRoute: true,
        label: 'form in an unsupported charset',
      },
      {
        headers: { ...form, 'content-encoding': 'gzip' },
        bytes: Buffer.from('not gzip'),
        refusing: true,
        beforeRoute: true,
        label: 'form claiming gzip',
      },
    ),
  );
}

/** A body on a request that takes none: only those a parser must refuse. */
const strayBody: fc.Arbitrary<BodyPart> = fc.constantFrom<BodyPart>(
  {
    headers: { 'content-type': 'application/json' },
    bytes: Buffer.from('{"a":'),
    refusing: true,
    beforeRoute: true,
    label: 'stray truncated JSON body',
  },
  {
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    bytes: Buffer.from('not gzip'),
    refusing: true,
    beforeRoute: true,
    label: 'stray body claiming gzip',
  },
  {
    headers: { 'content-type': 'application/json; charset=koi8-r' },
    bytes: Buffer.from('{}'),
    refusing: true,
    beforeRoute: true,
    label: 'stray JSON body in an unsupported charset',
  },
);

function bodyPart(operation: WalkedOperation, context: CaseContext): fc.Arbitrary<BodyPart | undefined> {
  const body = operation.body;
  if (!body) return fc.option(strayBody, { freq: 8, nil: undefined });
  if (body.contentType === 'multipart/form-data') return multipartBody(body.schema, context);
  if (body.contentType === 'application/x-www-form-urlencoded') return formBody(body.schema);
  // Identity's JSON-only endpoints refuse any other media type (415) before anything else.
  return jsonBody(body.schema, context, operation.service === 'identity');
}

interface ExtraHeaders {
  headers: Record<string, string>;
  crossSite: boolean;
}

/** Headers a hostile client adds; a cross-site origin must stop any change at the gateway. */
const extraHeaders = fc.oneof(
  { weight: 6, arbitrary: fc.constant<ExtraHeaders>({ headers: {}, crossSite: false }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<ExtraHeaders>(
      { headers: { origin: 'https://evil.example' }, crossSite: true },
      { headers: { 'sec-fetch-site': 'cross-site' }, crossSite: true },
      { headers: { origin: 'null' }, crossSite: true },
      { headers: { 'x-forwarded-for': '127.0.0.1, <script>, ::1' }, crossSite: false },
      { headers: { 'x-request-id': 'r'.repeat(5000) }, crossSite: false },
      { headers: { 'accept-language': 'zz;q=abc, *;q=-1, ' + 'x'.repeat(2000) }, crossSite: false },
      { headers: { 'x-http-method-override': 'DELETE' }, crossSite: false },
    ),
  },
);

const describeCase = (c: HostileCase) =>
  `${c.method} ${c.target.length > 300 ? `${c.target.slice(0, 300)}…` : c.target} session=${c.session} ` +
  `headers=${JSON.stringify(c.headers).slice(0, 300)} expect=${c.expect} [${c.label.join('; ')}]`;

/** Hostile requests for one operation of the document, each with what its answer must be. */
export function hostileCases(operation: WalkedOperation, context: CaseContext): fc.Arbitrary<HostileCase> {
  const isWrite = operation.method !== 'GET';
  return fc
    .record({
      session: sessionChoice(operation),
      path: fc.tuple(...operation.pathParams.map((parameter) => pathPart(parameter, context))),
      query: fc.option(queryPart(operation.queryParams), { freq: 2, nil: undefined }),
      body: bodyPart(operation, context),
      extra: extraHeaders,
    })
    .map(({ session, path, query, body, extra }) => {
      let target = operation.path;
      operation.pathParams.forEach((parameter, index) => {
        target = target.replace(`{${parameter.name}}`, path[index]!.segment);
      });
      target += query?.text ?? '';
      const malformedPath = path.some((part) => part.kind === 'malformed');
      const signedIn = isValidSession(session);
      // Only a photo's owner may change it (the document says so of PUT and DELETE /api/photos/{id}).
      const changesVictimPhoto =
        isWrite && operation.path.startsWith('/api/photos/') && path.some((p) => p.kind === 'victim-photo');
      const bodyRefused = body?.refusing ?? false;
      const refused =
        malformedPath ||
        (extra.crossSite && isWrite) ||
        bodyRefused ||
        (operation.requiresSession && !signedIn) ||
        changesVictimPhoto;
      // Refused by the gateway, a parser or a check every route shares, before the route's own checks.
      const beforeRoute =
        malformedPath ||
        (body?.beforeRoute ?? false) ||
        (query?.hostile ?? false) ||
        Object.keys(extra.headers).length > 0;
      let expect: Expectation = refused ? 'refused' : 'any';
      if (operation.requiresSession && !signedIn && !beforeRoute) expect = 401;
      else if (changesVictimPhoto && signedIn && !beforeRoute && !bodyRefused) expect = 403;
      const hostileCase: HostileCase = {
        operationId: operation.operationId,
        method: operation.method,
        target,
        session,
        headers: { ...(body?.headers ?? {}), ...extra.headers },
        body: body?.bytes,
        chunked: body?.chunked,
        label: [
          ...path.map((part) => `path ${part.kind}`),
          ...(query?.hostile ? ['hostile query'] : []),
          ...(body ? [body.label] : []),
        ],
        expect,
      };
      return Object.assign(hostileCase, { [fc.toStringMethod]: () => describeCase(hostileCase) });
    });
}
