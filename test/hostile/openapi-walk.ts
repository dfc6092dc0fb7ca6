/** The operations of the OpenAPI document as the hostile suite needs them, with their schemas resolved. */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  operationId: string;
  tags: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Parameter {
  name: string;
  schema: JsonSchema;
}

export interface WalkedOperation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form, `/api/laundromats/{id}`. */
  path: string;
  service: string;
  /** Without a session it is a 401; `anyone` operations list an empty security requirement. */
  requiresSession: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: { contentType: string; schema: JsonSchema; required: boolean };
  /** The documented answers below 400. */
  successStatuses: number[];
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function walkOperations(document: OpenApiDocument): WalkedOperation[] {
  const resolve = schemaResolver(document);
  const operations: WalkedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase() as WalkedOperation['method'],
        path,
        service: operation.tags[0]!,
        requiresSession: !(operation.security ?? []).some(
          (requirement) => Object.keys(requirement).length === 0,
        ),
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: resolve(p.schema) })),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: resolve(p.schema) })),
        body:
          contentType && media
            ? {
                contentType,
                schema: resolve(media.schema),
                required: operation.requestBody?.required ?? false,
              }
            : undefined,
        successStatuses: Object.keys(operation.responses)
          .map(Number)
          .filter((status) => status < 400),
      });
    }
  }
  return operations;
}

/** Inlines every `#/components/schemas/…` reference, so generators see plain schemas. */
function schemaResolver(document: OpenApiDocument): (schema: JsonSchema) => JsonSchema {
  const components = document.components?.schemas ?? {};
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (schema.$ref) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      const target = components[name];
      if (!target) throw new Error(`unresolved reference ${schema.$ref}`);
      return resolve(target);
    }
    const resolved: JsonSchema = { ...schema };
    if (schema.properties) {
      resolved.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => [key, resolve(value)]),
      );
    }
    if (schema.items) resolved.items = resolve(schema.items);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (schema[key]) resolved[key] = schema[key].map(resolve);
    }
    return resolved;
  };
  return resolve;
}

/** The JSON types a schema accepts ('integer' counts as 'number' too); empty when it accepts anything. */
export function acceptedTypes(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  for (const branch of branches) for (const type of acceptedTypes(branch)) types.add(type);
  const own = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  for (const type of own) types.add(type === 'integer' ? 'number' : type);
  if (schema.enum) for (const value of schema.enum) types.add(value === null ? 'null' : typeof value);
  if (schema.const !== undefined) types.add(schema.const === null ? 'null' : typeof schema.const);
  return types;
}

/** The first branch that is not just `null`: what a value of this property normally is. */
export function mainBranch(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches) return schema;
  const branch = branches.find(
    (b) => !(b.type === 'null' || (Array.isArray(b.type) && b.type[0] === 'null')),
  );
  return { ...schema, anyOf: undefined, oneOf: undefined, ...mainBranch(branch ?? branches[0]!) };
}

export interface SampleContext {
  /** A uuid that names something real (the fixture's laundromat), for `format: uuid`. */
  uuid: string;
  /** Unique per call, so two samples never collide on a unique column (an email). */
  unique: () => string;
}

/** A value the schema accepts: the base a single hostile change then makes invalid. */
export function sampleValue(schema: JsonSchema, context: SampleContext): unknown {
  const main = mainBranch(schema);
  if (main.const !== undefined) return main.const;
  if (main.enum) return main.enum[0];
  if (main.default !== undefined) return main.default;
  const type = Array.isArray(main.type) ? main.type.find((t) => t !== 'null') : main.type;
  switch (type) {
    case 'string':
      return sampleString(main, context);
    case 'integer':
    case 'number': {
      const low = main.minimum ?? (main.exclusiveMinimum !== undefined ? main.exclusiveMinimum + 1 : 1);
      const high =
        main.maximum ?? (main.exclusiveMaximum !== undefined ? main.exclusiveMaximum - 1 : low + 10);
      return Math.ceil(Math.min(Math.max(1, low), high));
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: main.minItems ?? 0 }, () => sampleValue(main.items ?? {}, context));
    case 'object':
      return Object.fromEntries(
        (main.required ?? []).map((key) => [key, sampleValue(main.properties?.[key] ?? {}, context)]),
      );
    default:
      return 'value';
  }
}

function sampleString(schema: JsonSchema, context: SampleContext): string {
  if (schema.format === 'uuid') return context.uuid;
  if (schema.format === 'email') return `hostile-${context.unique()}@example.test`;
  if (schema.format === 'uri') return 'https://example.test/';
  if (schema.format === 'date-time') return new Date().toISOString();
  const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 12));
  return 'Hostile test value'.padEnd(length, 'x').slice(0, Math.max(length, schema.minLength ?? 0));
}
