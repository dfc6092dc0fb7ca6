import { pino, type DestinationStream, type Logger } from 'pino';
import { isColorSupported, prettyFactory } from 'pino-pretty';
import { activeTraceIds } from '../observability/tracing.ts';

export type { Logger };

/**
 * Credentials that pass through requests and answers: the session cookie (sent, and set at sign-in), bearer
 * tokens and the gateway's signed identity. A line logged through req.log carries the request's headers, and
 * an error may carry a request's headers or options, so they are removed wherever they appear, before a line
 * is written in either format.
 */
export const redactedLogPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-internal-identity"]',
  'res.headers["set-cookie"]',
  'err.headers.cookie',
  'err.headers.authorization',
  'err.headers["x-internal-identity"]',
  'err.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-internal-identity"]',
  'headers["set-cookie"]',
  'password',
  '*.password',
];

/** `json`: one JSON object a line, for whatever collects the output. `pretty`: lines a person reads. */
export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT when it is set; otherwise pretty for a person at a terminal and JSON for anything else. */
export function logFormat(
  setting: string | undefined = process.env.LOG_FORMAT,
  isTerminal: boolean = process.stdout.isTTY === true,
): LogFormat {
  if (setting === undefined || setting === '') return isTerminal ? 'pretty' : 'json';
  if (setting === 'json' || setting === 'pretty') return setting;
  throw new Error(`LOG_FORMAT must be json or pretty, not "${setting}"`);
}

interface LogRecord {
  service?: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: unknown;
}

/**
 * A pretty line's message: a request's line as `GET /api/laundromats?q=paris 200 12 ms`, a line logged through
 * req.log with its request in brackets, each prefixed with the in-process service that wrote it.
 */
export function readableMessage(log: Record<string, unknown>, messageKey: string): string {
  const { service, req, res, responseTime } = log as LogRecord;
  const prefix = typeof service === 'string' ? `${service}: ` : '';
  const message = typeof log[messageKey] === 'string' ? log[messageKey] : '';
  if (req && res && typeof responseTime === 'number') {
    const line = `${req.method} ${req.url} ${res.statusCode} ${responseTime} ms`;
    return prefix + (message === 'request completed' ? line : `${line} (${message})`);
  }
  return prefix + (req ? `${message} (${req.method} ${req.url})` : message);
}

/** Writes each JSON line pino makes as one readable line (an error's stack below it). */
function prettyStream(destination: DestinationStream | undefined): DestinationStream {
  const prettify = prettyFactory({
    colorize: destination === undefined && isColorSupported,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,name,service,req,res,responseTime,trace_id,span_id',
    messageFormat: readableMessage,
    singleLine: true,
  });
  const out = destination ?? process.stdout;
  return { write: (line: string) => out.write(prettify(line)) };
}

export function createLogger(
  name: string,
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
  format: LogFormat = destination ? 'json' : logFormat(),
): Logger {
  const options = {
    name,
    level,
    redact: { paths: redactedLogPaths, remove: true },
    // With tracing on, a line written while a span is active carries its trace_id and span_id.
    mixin: () => activeTraceIds() ?? {},
  };
  return pino(options, format === 'pretty' ? prettyStream(destination) : destination);
}
