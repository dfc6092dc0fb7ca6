import type { Express, Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { expressPath, type ApiOperation } from '@laundry/contracts/operations';
import { currentAdmin, requireUser } from '../auth/identity.ts';

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request as the operation's schemas parsed it (their output: defaults applied, strings coerced). */
export interface OperationInput<O extends ApiOperation> {
  params: OutputOf<O['params']>;
  query: OutputOf<O['query']>;
  body: O['body'] extends { schema: infer B } ? OutputOf<B> : undefined;
}

export type OperationHandler<O extends ApiOperation> = (
  input: OperationInput<O>,
  req: Request,
  res: Response,
) => unknown;

type RequestPart = 'params' | 'query' | 'body';

export interface RouteOptions {
  /** Run after the session check and before parsing, e.g. a media-type check that answers 415 first. */
  before?: RequestHandler[];
  /**
   * Wraps what runs after the session check (the admin check, parsing, the handler), e.g. `audited`, so a
   * refused or failed attempt by a signed-in person is recorded too.
   */
  wrap?: (handler: RequestHandler) => RequestHandler;
  /** What a path parameter failing its schema answers, e.g. a malformed id names nothing: a 404. */
  invalidParams?: () => Error;
  /**
   * Parts the schema documents but the handler reads itself, each with its reason at the call (a page that
   * falls back to its defaults rather than refusing, a multipart body read as a stream); such a part
   * reaches the handler's input as undefined, so the handler reads it from `req`.
   */
  unparsed?: RequestPart[];
  /** The handler answers a missing session itself, with a message of its own; the kit then checks none. */
  handlerChecksSession?: boolean;
  /** The Express pattern, only where OpenAPI's form cannot say it (a parameter spanning slashes). */
  expressPath?: string;
}

const operationKey = Symbol.for('laundry.operation');

type MarkedHandler = RequestHandler & { [operationKey]?: ApiOperation };

/**
 * Registers the handler of a contract operation at the operation's method and path. Before it runs: the
 * session check its access names (401; an admin's 403), then its params, query and body are parsed with the
 * operation's schemas; a failure goes to the error handler as any ZodError does (400, `{ message, code:
 * 'VALIDATION_ERROR', errors }`). The handler gets the parsed values; the route is marked with its operation,
 * so a test can find a route registered without one.
 */
export function route<O extends ApiOperation>(
  router: Router,
  operation: O,
  handler: OperationHandler<O>,
): void;
export function route<O extends ApiOperation>(
  router: Router,
  operation: O,
  options: RouteOptions,
  handler: OperationHandler<O>,
): void;
export function route<O extends ApiOperation>(
  router: Router,
  operation: O,
  optionsOrHandler: RouteOptions | OperationHandler<O>,
  maybeHandler?: OperationHandler<O>,
): void {
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler!;
  const unparsed = new Set(options.unparsed ?? []);

  const parse = (part: RequestPart, schema: z.ZodType | undefined, value: unknown) =>
    schema && !unparsed.has(part) ? schema.parse(value) : undefined;

  const main: RequestHandler = async (req, res) => {
    if (operation.access === 'admin' && !options.handlerChecksSession) currentAdmin(req);
    let params: unknown;
    try {
      params = parse('params', operation.params, req.params);
    } catch (error) {
      throw options.invalidParams?.() ?? error;
    }
    const query = parse('query', operation.query, req.query);
    // A request without a body of a type the parsers read has none: it is checked as an empty object.
    const body = parse('body', operation.body?.schema, req.body ?? {});
    await handler({ params, query, body } as OperationInput<O>, req, res);
  };
  const last: MarkedHandler = options.wrap ? options.wrap(main) : main;
  last[operationKey] = operation;

  const guards = operation.access === 'anyone' || options.handlerChecksSession ? [] : [requireUser];
  router[operation.method](
    options.expressPath ?? expressPath(operation.path),
    ...guards,
    ...(options.before ?? []),
    last,
  );
}

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: MarkedHandler }[] };
  handle?: { stack?: RouterLayer[] };
  slash?: boolean;
}

export interface RegisteredRoute {
  /** `GET /api/laundromats/:id/reviews` */
  route: string;
  /** The operation it was registered for with `route()`, if it was. */
  operation?: ApiOperation;
}

function collect(layers: RouterLayer[]): RegisteredRoute[] {
  const found: RegisteredRoute[] = [];
  for (const layer of layers) {
    if (layer.route) {
      const operation = layer.route.stack.map((entry) => entry.handle[operationKey]).find(Boolean);
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        for (const [method, handled] of Object.entries(layer.route.methods)) {
          if (handled) found.push({ route: `${method.toUpperCase()} ${path}`, operation });
        }
      }
    } else if (layer.handle?.stack) {
      // A router mounted under a prefix would need that prefix here; Express 5 keeps it only as a matcher.
      if (!layer.slash) throw new Error('a router is mounted under a path prefix that cannot be read');
      found.push(...collect(layer.handle.stack));
    }
  }
  return found;
}

/** Every route of an Express 5 app (its routers mounted at the root), each with its operation if it has one. */
export const registeredRoutes = (app: Express): RegisteredRoute[] =>
  collect((app as unknown as { router: { stack: RouterLayer[] } }).router.stack);
