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
