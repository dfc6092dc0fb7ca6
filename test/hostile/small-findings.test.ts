import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createHttpServer,
  createLogger,
  createSessionRevocations,
  loadConfig,
  type HttpServer,
} from '@laundry/platform';
import { createGatewayApp, gatewayConfigSchema } from '@laundry/gateway';
import { withLinkPreview } from '../../gateway/src/link-preview.ts';
import { archiveReadme } from '../../gateway/src/personal-data-readme.ts';
import { solidImage } from '../../services/photo/test/support/photo-stack.ts';
import { count, newAdvertiser } from '../../services/ad/test/support/ad-stack.ts';
import { apiClient, signUp, type Session } from '../support/session.ts';
import { signUpAdmin, startStack, type TestStack } from '../support/stack.ts';
import { send } from './raw-http.ts';

/**
 * One case per finding of a security review, each small: user text read as a replacement pattern, chunked
 * bodies in every mode, public answers that named people, and verification documents with active content.
 */
let stack: TestStack;
let embedded: HttpServer;
let embeddedUrl: string;
let admin: Session;

beforeAll(async () => {
  stack = await startStack();
  admin = await signUpAdmin(stack);
  // The embedded mode (`npm start`): the gateway calls each service's app in its own process.
  embedded = createHttpServer(
    createGatewayApp({
      config: loadConfig(gatewayConfigSchema, stack.env),
      logger: createLogger('test', 'silent'),
      upstreams: Object.fromEntries(
        Object.values(stack.services).map((service) => [service.name, service.app]),
      ),
      revocations: createSessionRevocations(stack.infra.cache),
      embedded: true,
    }),
  );
  embeddedUrl = `http://127.0.0.1:${await embedded.start(0, '127.0.0.1')}`;
}, 240_000);

afterAll(async () => {
  await embedded?.stop();
  await stack?.stop();
});

describe('small findings', () => {
  test("when user text holds $', $`, $&, $1 or $$, then pages and mails carry it as written", () => {
    const page =
      '<html><head><title>Laundromat Finder</title></head><body><div id="root"></div></body></html>';
    for (const name of ["Wash $' Go", 'Wash $` Go', 'Wash $& Go', 'Wash $1 Go', 'Wash $$ Go']) {
      const html = withLinkPreview(page, {
        title: name,
        description: `${name} in London`,
        language: 'en',
        image: { url: 'https://example.test/a.png', alt: name },
      });
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain(`<title>${name.replace(/&/g, () => '&amp;')} · `);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.length).toBeLessThan(page.length + 1_500);

      const readme = archiveReadme(`a${name.replace(/\s/g, '')}@example.test`, new Date(0), []);
      expect(readme).toContain(`a${name.replace(/\s/g, '')}@example.test`);
    }
  });

  test.each([
    ['embedded', () => embeddedUrl],
    ['distributed', () => stack.baseUrl],
  ])(
    'when a JSON body comes chunked to the %s gateway, then it is answered, and past the limit with a 413 at once',
    async (_mode, baseUrl) => {
      const small = await send(
        baseUrl(),
        {
          method: 'POST',
          target: '/api/auth/login',
          headers: { 'content-type': 'application/json', origin: baseUrl() },
          body: Buffer.from(JSON.stringify({ email: 'nobody@example.test', password: 'not the password' })),
          chunked: true,
        },
        5_000,
      );
      expect(small.status).toBe(401);

      const startedAt = Date.now();
      const huge = await send(
        baseUrl(),
        {
          method: 'POST',
          target: '/api/auth/login',
          headers: { 'content-type': 'application/json', origin: baseUrl() },
          body: Buffer.from(`{"email":"${'a'.repeat(5 * 1024 * 1024)}"}`),
          chunked: true,
        },
        5_000,
      ).catch((error: Error) => ({ status: 0, text: error.message }));
      expect(huge.status).toBe(413);
      expect(Date.now() - startedAt).toBeLessThan(5_000);
    },
  );

  test('when anyone reads photos or a laundromat, then the answer names no uploader, file or submitter', async () => {
    const owner = await signUp(stack.baseUrl);
    const asOwner = apiClient(stack.baseUrl, owner);
    const submitted = await asOwner('/api/laundromats', {
      method: 'POST',
      body: {
        name: 'Quiet Wash',
        address: '2 Test Street',
        city: 'London',
        country: 'United Kingdom',
        latitude: 51.5,
        longitude: -0.12,
      },
    });
    expect(submitted.status).toBe(201);
    const { id: laundromatId } = (await submitted.json()) as { id: string };
    const pending = (await (await asOwner(`/api/laundromats/${laundromatId}`)).json()) as Record<
      string,
      unknown
    >;
    expect(pending).not.toHaveProperty('submittedById');
    const approved = await apiClient(stack.baseUrl, admin)(`/api/laundromats/${laundromatId}/approve`, {
      method: 'POST',
    });
    expect(approved.status).toBe(200);
    expect(await approved.json()).not.toHaveProperty('submittedById');

    const form = new FormData();
    form.append('laundromatId', laundromatId);
    form.append(
      'file',
      new Blob([new Uint8Array(await solidImage(32, 24))], { type: 'image/png' }),
      'jane-doe-passport.png',
    );
    const upload = await fetch(`${stack.baseUrl}/api/photos`, {
      method: 'POST',
      headers: { cookie: owner.cookie },
      body: form,
    });
    expect(upload.status).toBe(201);

    const anonymous = await fetch(`${stack.baseUrl}/api/photos`);
    const anonymousText = await anonymous.text();
    const asOwnerList = (await (await asOwner('/api/photos')).json()) as Array<Record<string, unknown>>;
    const publicLaundromat = await (await fetch(`${stack.baseUrl}/api/laundromats/${laundromatId}`)).text();
    const laundromatPhotos = await (await fetch(`${stack.baseUrl}/api/photos/${laundromatId}`)).text();
    for (const text of [anonymousText, publicLaundromat, laundromatPhotos]) {
      expect(text).not.toContain(owner.user.id);
      expect(text).not.toContain('jane-doe');
      expect(text).not.toMatch(/"(userId|fileName|submittedById)"/);
    }
    const shown = (JSON.parse(anonymousText) as Array<Record<string, unknown>>).find(
      (photo) => photo.laundromatId === laundromatId,
    );
    expect(shown?.mine).toBe(false);
    expect(asOwnerList.find((photo) => photo.laundromatId === laundromatId)?.mine).toBe(true);
  });

  test('when a verification PDF carries active content, then it is refused with a 400, and documents are saved, never shown', async () => {
    const pdf = (body: string | Buffer) =>
      Buffer.concat([
        Buffer.from('%PDF-1.7\n'),
        Buffer.from(body),
        Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
      ]);
    const packed = deflateSync('1 0 << /Type /Action /S /JavaScript /JS (app.alert(1)) >>');
    const objectStream = pdf(
      Buffer.concat([
        Buffer.from(
          `1 0 obj << /Type /Catalog >> endobj\n5 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
        ),
        packed,
        Buffer.from('\nendstream\nendobj'),
      ]),
    );
    const active = {
      script: pdf('1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj'),
      escaped: pdf('1 0 obj << /Type /Catalog /OpenAction << /S /J#61vaScript /J#53 (x) >> >> endobj'),
      launch: pdf('1 0 obj << /Type /Catalog /OpenAction << /S /Launch /F (calc.exe) >> >> endobj'),
      attached: pdf('1 0 obj << /Type /Catalog /Names << /EmbeddedFiles 2 0 R >> >> endobj'),
      pageAction: pdf('1 0 obj << /Type /Page /AA << /O 3 0 R >> >> endobj'),
      objectStream,
    };
    const advertiser = await newAdvertiser(stack);
    const send = (bytes: Buffer) => {
      const form = new FormData();
      form.append('documentType', 'business_registration');
      form.append('documentNumber', 'GB-123456');
      form.append('issuingAuthority', 'Companies House');
      form.append('document', new Blob([new Uint8Array(bytes)]), 'registration.pdf');
      return fetch(`${stack.baseUrl}/api/advertisers/me/verification`, {
        method: 'POST',
        headers: { cookie: advertiser.cookie },
        body: form,
      });
    };
    const storedBefore = await count({ ad: stack.photo } as TestStack, 'documents');
    for (const [kind, bytes] of Object.entries(active)) {
      const refused = await send(bytes);
      const body = (await refused.json()) as { code?: string; errors?: Array<{ path: string }> };
      expect({ kind, status: refused.status, code: body.code }).toEqual({
        kind,
        status: 400,
        code: 'DOCUMENT_ACTIVE_CONTENT',
      });
      expect(body.errors?.[0]?.path).toBe('document');
    }
    expect(await count({ ad: stack.photo } as TestStack, 'documents')).toBe(storedBefore);

    const plain = await send(pdf('1 0 obj << /Type /Catalog /OpenAction [3 0 R /Fit] >> endobj'));
    expect(plain.status).toBe(201);
    const { documentUrl } = (await plain.json()) as { documentUrl: string };
    for (const viewer of [advertiser, admin]) {
      const document = await fetch(`${stack.baseUrl}${documentUrl}`, { headers: { cookie: viewer.cookie } });
      expect(document.status).toBe(200);
      expect(document.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(document.headers.get('content-security-policy')).toBe('sandbox');
      expect(document.headers.get('x-content-type-options')).toBe('nosniff');
      await document.arrayBuffer();
    }
  });
});
