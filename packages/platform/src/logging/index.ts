// One logger per process: pino, pretty on a terminal and JSON elsewhere, with secrets redacted.
export {
  createLogger,
  logFormat,
  readableMessage,
  redactedLogPaths,
  type LogFormat,
  type Logger,
} from './logger.ts';
