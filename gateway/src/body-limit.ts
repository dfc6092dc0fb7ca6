import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '@laundry/platform/errors';
import { isUploadPath } from './route-table.ts';

const tooLarge = () => new AppError(413, 'The request body is too large.', 'PAYLOAD_TOO_LARGE');

/**
 * A body without Content-Length (chunked) is counted as it streams: past the limit the gateway answers 413,
 * reads no more and closes the connection, so a 40 MB upload costs at most the limit. Whoever was reading
 * it (the pipe to a service, or a service mounted in-process) sees the request end early.
 */
function countStreamedBytes(req: Request, res: Response, limit: number): void {
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limit) return;
    req.off('data', count);
    req.unpipe();
    req.pause();
    res.once('finish', () => req.destroy());
    if (res.headersSent) return void res.destroy();
    const { message, code } = tooLarge();
    res.status(413).set('Connection', 'close').json({ message, code });
  };
  req.on('data', count);
  // Listening for data starts the flow; paused, the chunks wait for the real reader and reach both.
  req.pause();
  // A pipe resumes the stream itself; a reader that only listens for data (the JSON parser of a service
  // mounted in-process) does not on a paused stream, and would wait for ever: once it listens, it flows.
  const resumeForReader = (event: string | symbol) => {
    if (event !== 'data') return;
    req.off('newListener', resumeForReader);
    process.nextTick(() => {
      if (!res.headersSent) req.resume();
    });
  };
  req.on('newListener', resumeForReader);
}

/** Refuses an announced body over the limit before a byte of it is read or forwarded; counts the rest. */
export function bodyLimit(defaultLimit: number, uploadLimit: number): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const limit = isUploadPath(req.path) ? uploadLimit : defaultLimit;
    const announced = req.headers['content-length'];
    if (announced !== undefined) return next(Number(announced) > limit ? tooLarge() : undefined);
    if (req.headers['transfer-encoding'] !== undefined) countStreamedBytes(req, res, limit);
    next();
  };
}

/**
 * The longest request target (path and query) the gateway forwards. A service's HTTP server refuses a head
 * over 16 KB by closing the connection; with the headers the gateway adds, a target just under that reached
 * the service, which hung up mid-body, and the person saw a 502 for what is their own mistake. 8 KB is what
 * common proxies allow and far beyond any address of ours.
 */
export const TARGET_LIMIT = 8_192;

export function targetLimit(): RequestHandler {
  return (req, _res, next) =>
    next(
      req.originalUrl.length > TARGET_LIMIT
        ? new AppError(414, 'The address is too long.', 'URI_TOO_LONG')
        : undefined,
    );
}
