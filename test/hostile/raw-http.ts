import http from 'node:http';

export interface RawRequest {
  method: string;
  /** Path and query exactly as they go on the request line (already percent-encoded). */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Sent in chunks with no Content-Length, so its size is known only as it arrives. */
  chunked?: boolean;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/**
 * node:http rather than fetch: fetch normalises what a hostile client would not (it encodes the path, refuses
 * some headers, sets its own content type), and the point is to send the bytes as they are.
 */
export function send(baseUrl: string, request: RawRequest, timeoutMs = 20_000): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.target,
        agent,
        headers: {
          ...request.headers,
          ...(request.body
            ? request.chunked
              ? { 'transfer-encoding': 'chunked' }
              : { 'content-length': String(request.body.length) }
            : {}),
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    if (request.chunked && request.body) {
      for (let offset = 0; offset < request.body.length; offset += 16 * 1024) {
        outgoing.write(request.body.subarray(offset, offset + 16 * 1024));
      }
      outgoing.end();
    } else {
      outgoing.end(request.body);
    }
  });
}
