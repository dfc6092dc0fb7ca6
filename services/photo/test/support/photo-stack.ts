import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { Photo } from '@laundry/contracts';
import { startStack, type TestStack } from '../../../../test/support/stack.ts';
import type { Session } from '../../../../test/support/session.ts';
import {
  insertLaundromats,
  type NewLaundromatRow,
} from '../../../directory/src/infra/laundromat-bulk-insert.ts';

export type { TestStack };

/** The product stack with the rate limits raised: a file sends many requests from one address in a minute. */
export function startPhotoStack(): Promise<TestStack> {
  return startStack({ RATE_LIMIT_PER_MINUTE: '100000', WRITE_RATE_LIMIT_PER_MINUTE: '100000' });
}

export interface UploadInput {
  bytes: Buffer | Uint8Array;
  fileName?: string;
  /** The type the client declares; the service must not believe it. */
  declaredType?: string;
  fields?: Record<string, string>;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** POST /api/photos as multipart through the gateway, as the page's upload does. */
export async function upload<T = Photo>(
  stack: TestStack,
  session: Session | undefined,
  input: UploadInput,
): Promise<ApiAnswer<T>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(input.bytes)], { type: input.declaredType ?? 'image/png' }),
    input.fileName ?? 'photo.png',
  );
  const response = await fetch(`${stack.baseUrl}/api/photos`, {
    method: 'POST',
    headers: session ? { cookie: session.cookie } : {},
    body: form,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: response.headers,
  };
}

export async function request<T = unknown>(
  stack: TestStack,
  session: Session | undefined,
  pathName: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${stack.baseUrl}${pathName}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(session ? { cookie: session.cookie } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json');
  return {
    status: response.status,
    body: (isJson && text ? JSON.parse(text) : text) as T,
    headers: response.headers,
  };
}

/** A solid-colour image; PNG compresses it to a few hundred bytes whatever its size. */
export function solidImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 144, b: 255 } },
    limitInputPixels: false,
  })
    .toFormat(format)
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid black-and-white PNG of the given size; one bit per pixel of zeros deflates to a few dozen KB even at
 * 20000 × 20000, which is what makes such a file a decompression bomb (written directly: encoding it with
 * sharp takes half a minute).
 */
export function pixelBombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte, then the pixels
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A price board drawn from SVG text in DejaVu Sans, black on white, one line per entry. */
export function priceBoard(lines: readonly string[], format: 'png' | 'jpeg' = 'jpeg'): Promise<Buffer> {
  const lineHeight = 70;
  const height = 60 + lines.length * lineHeight;
  const text = lines
    .map(
      (line, index) =>
        `<text x="40" y="${80 + index * lineHeight}" font-family="DejaVu Sans" font-size="40" fill="#111">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

export async function countPhotoRows(stack: TestStack): Promise<number> {
  const [row] = await stack.photoDb.query<{ n: number }>('SELECT count(*)::int AS n FROM photos');
  return row!.n;
}

/** Every file under the storage folder, so a test can prove a refused upload stored nothing. */
export async function storedFiles(stack: TestStack): Promise<string[]> {
  const entries = await readdir(stack.photoStorageDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** A laundromat in the directory, answering its id. */
export async function addLaundromat(
  stack: TestStack,
  overrides: Partial<NewLaundromatRow> = {},
): Promise<string> {
  const sourceRef = randomBytes(8).toString('hex');
  await insertLaundromats(stack.directoryDb, [
    {
      name: `Photo Wash ${sourceRef}`,
      address: '1 Test Street',
      latitude: 40.7,
      longitude: -74,
      source: 'test',
      sourceRef,
      ...overrides,
    },
  ]);
  const [row] = await stack.directoryDb.query<{ id: string }>(
    'SELECT id FROM laundromats WHERE source_ref = $1',
    [sourceRef],
  );
  return row!.id;
}
