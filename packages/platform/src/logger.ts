import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Credentials that pass through requests and answers: the session cookie (sent, and set at sign-in), bearer
 * tokens and the gateway's signed identity. pino-http logs both header sets, and an error may carry a
 * request's headers or options, so they are removed wherever they appear.
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

export function createLogger(
  name: string,
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
): Logger {
  return pino({ name, level, redact: { paths: redactedLogPaths, remove: true } }, destination);
}
