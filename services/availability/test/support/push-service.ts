import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, globalAgent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { generate } from 'selfsigned';

// web-push's own dependency does the receiving side of RFC 8188 as a browser would.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer;
};

/** What the stand-in push service received, decrypted with the browser's key. */
export interface ReceivedPush {
  path: string;
  /** The VAPID JWT's claims, once its ES256 signature checked out against the `k=` key. */
  claims: { aud: string; exp: number; sub: string };
  vapidKey: string;
  ttl: string | undefined;
  /** The decrypted body, parsed. */
  message: Record<string, unknown>;
}

/** A browser's subscription: its own P-256 pair and auth secret, at a path of the stand-in push service. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
}

/**
 * A local stand-in for a browser vendor's push service, over https (a subscription's endpoint must be):
 * it checks each request's VAPID signature, decrypts the aes128gcm body with the subscription's private key,
 * and answers 201; under /gone/ it answers 410, under /flaky/ 500 the first time.
 */
export async function startPushService() {
  const { cert, private: key } = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  // The service under test runs in this process and sends through Node's default agent: trust the stand-in.
  const previousCa = globalAgent.options.ca;
  globalAgent.options.ca = cert;
  const subscriptions = new Map<string, TestSubscription>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const failedOnce = new Set<string>();
  const server: Server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      try {
        if (path.startsWith('/gone/')) {
          res.writeHead(410).end();
          return;
        }
        if (path.startsWith('/flaky/') && !failedOnce.has(path)) {
          failedOnce.add(path);
          res.writeHead(500).end();
          return;
        }
        const subscription = subscriptions.get(path);
        if (!subscription) throw new Error(`unknown subscription ${path}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const { claims, vapidKey } = checkVapid(String(req.headers.authorization ?? ''));
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: subscription.ecdh,
          authSecret: subscription.keys.auth,
        });
        received.push({
          path,
          claims,
          vapidKey,
          ttl: req.headers.ttl as string | undefined,
          message: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
        });
        res.writeHead(201).end();
      } catch (error) {
        rejected.push(String(error));
        res.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    rejected,
    /** A new browser subscription; `kind` picks how the stand-in answers its pushes. */
    subscribe(kind: 'ok' | 'gone' | 'flaky' = 'ok'): TestSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const path = `/${kind === 'ok' ? 'push' : kind}/${randomBytes(8).toString('hex')}`;
      const subscription = {
        endpoint: `${origin}${path}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
        ecdh,
      };
      subscriptions.set(path, subscription);
      return subscription;
    },
    pushesTo: (subscription: TestSubscription) =>
      received.filter((push) => subscription.endpoint === `${origin}${push.path}`),
    async stop() {
      globalAgent.options.ca = previousCa;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `vapid t=<JWT>, k=<public key>`: the JWT must be ES256-signed by the private half of k. */
function checkVapid(header: string): { claims: ReceivedPush['claims']; vapidKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt, vapidKey] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(vapidKey, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  const alg = (JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string }).alg;
  if (alg !== 'ES256') throw new Error(`VAPID alg ${alg}`);
  return {
    claims: JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'],
    vapidKey,
  };
}
