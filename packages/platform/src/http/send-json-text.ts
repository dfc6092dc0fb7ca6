import type { ServerResponse } from 'node:http';
import type { JsonText } from '@laundry/contracts';

/**
 * Sends JSON the service already holds as text: encoded once into one Buffer and written with its length,
 * where Express's send would check the charset, measure the text, then have it joined to the header block
 * and encoded again on the socket.
 */
export function sendJsonText<T>(res: ServerResponse, json: JsonText<T>, status = 200): void {
  const body = Buffer.from(json);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}
