/**
 * OCR throughput: the photo worker's tesseract.js (WebAssembly, @tesseract.js-data/eng best_int, LSTM only)
 * at 1 and 2 images in flight, beside Debian's native `tesseract` CLI on the same images. Every image goes
 * through the production path first (sharp display WebP, then the grey PNG the worker hands to OCR), and
 * each engine's text goes through the production price parser, so the table also says how often the
 * expected prices were read.
 *
 *   npm run bench:ocr -w bench         (BENCH_OCR_IMAGES, default 24)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { DetectedPrice } from '@laundry/contracts';
import { createTesseractOcr } from '../../services/photo/src/infra/tesseract-ocr.ts';
import { imageForOcr, renderPhoto } from '../../services/photo/src/infra/image-processing.ts';
import { parsePrices } from '../../services/photo/src/domain/price-parser.ts';
import { createSeededRandom } from '../../scripts/src/seeded-random.ts';
import { writeResults } from './results-file.ts';

const run = promisify(execFile);
const imageCount = Number(process.env.BENCH_OCR_IMAGES ?? 24);

interface BoardImage {
  png: Buffer;
  file: string;
  expected: DetectedPrice[];
}

const cents = (n: number) => (Math.round(n * 4) / 4).toFixed(2);

/** A price board with seeded prices, drawn in DejaVu Sans like the tests' boards. */
async function board(index: number, random: () => number, dir: string): Promise<BoardImage> {
  const small = 2 + random() * 3;
  const large = small + 1 + random() * 3;
  const dry = 0.25 + random() * 2;
  const fold = 1 + random() * 2;
  const minutes = random() < 0.5 ? 15 : 30;
  const lines = [
    `LAUNDRY ${index + 1} - SELF SERVICE PRICES`,
    `Small washer $${cents(small)} per load`,
    `Large washer $${cents(large)} / load`,
    `Dryer $${cents(dry)} per ${minutes} min`,
    `Wash & Fold $${cents(fold)}/lb`,
    'Open 7:00 - 22:00 - cards accepted',
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="${60 + lines.length * 70}"><rect width="100%" height="100%" fill="#fff"/>${lines
    .map(
      (line, i) =>
        `<text x="40" y="${80 + i * 70}" font-family="DejaVu Sans" font-size="40" fill="#111">${line.replace(/&/g, '&amp;')}</text>`,
    )
    .join('')}</svg>`;
  const upload = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  const png = await imageForOcr((await renderPhoto(upload)).display);
  const file = path.join(dir, `board-${index}.png`);
  await writeFile(file, png);
  const price = (
    amount: number,
    unit: DetectedPrice['unit'],
    item: DetectedPrice['item'],
  ): DetectedPrice => ({
    amount: Number(cents(amount)),
    currency: 'USD',
    unit,
    item,
  });
  return {
    png,
    file,
    expected: [
      price(small, 'load', 'wash small'),
      price(large, 'load', 'wash large'),
      price(dry, minutes === 15 ? '15min' : '30min', 'dry'),
      price(fold, 'lb', 'wash and fold'),
    ],
  };
}

interface Measurement {
  engine: string;
  inFlight: number;
  images: number;
  seconds: number;
  imagesPerMinute: number;
  p50Ms: number;
  maxMs: number;
  allPricesRead: number;
}

/** Runs every image through `read` with `inFlight` images at once; latencies are per image. */
async function measure(
  engine: string,
  inFlight: number,
  images: BoardImage[],
  read: (image: BoardImage) => Promise<string>,
): Promise<Measurement> {
  const latencies: number[] = [];
  let correct = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < images.length) {
        const image = images[next++]!;
        const begin = performance.now();
        const text = await read(image);
        latencies.push(performance.now() - begin);
        if (JSON.stringify(parsePrices(text)) === JSON.stringify(image.expected)) correct += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    engine,
    inFlight,
    images: images.length,
    seconds: round(seconds, 2),
    imagesPerMinute: round((images.length / seconds) * 60, 1),
    p50Ms: Math.round(latencies[Math.floor(latencies.length / 2)]!),
    maxMs: Math.round(latencies.at(-1)!),
    allPricesRead: correct,
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

async function tesseractJs(images: BoardImage[], inFlight: number): Promise<[Measurement, number]> {
  const ocr = createTesseractOcr({ workers: inFlight });
  const initStarted = performance.now();
  // The first image also starts the workers; it is the warm-up, timed apart.
  await Promise.all(images.slice(0, inFlight).map((image) => ocr.recognize(image.png)));
  const startupMs = Math.round(performance.now() - initStarted);
  try {
    const result = await measure(
      'tesseract.js 7 (WASM, eng best_int)',
      inFlight,
      images,
      async (image) => (await ocr.recognize(image.png)).text,
    );
    return [result, startupMs];
  } finally {
    await ocr.close();
  }
}

async function nativeTesseract(images: BoardImage[], inFlight: number): Promise<Measurement> {
  // One thread per process, so 2 in flight means 2 cores, as with two tesseract.js workers.
  const env = { ...process.env, OMP_THREAD_LIMIT: '1' };
  const read = async (image: BoardImage) =>
    (await run('tesseract', [image.file, 'stdout', '--oem', '1', '--dpi', '300', '-l', 'eng'], { env }))
      .stdout;
  await read(images[0]!);
  return measure('tesseract CLI (Debian, eng)', inFlight, images, read);
}

async function nativeVersion(): Promise<string | undefined> {
  try {
    const { stdout, stderr } = await run('tesseract', ['--version']);
    return `${stdout}${stderr}`.split('\n')[0]?.trim();
  } catch {
    return undefined;
  }
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'ocr-bench-'));
try {
  const random = createSeededRandom(20251021);
  const images: BoardImage[] = [];
  for (let i = 0; i < imageCount; i += 1) images.push(await board(i, random, dir));
  const loadBefore = os.loadavg();

  const results: Measurement[] = [];
  const startups: Record<string, number> = {};
  for (const inFlight of [1, 2]) {
    const [measurement, startupMs] = await tesseractJs(images, inFlight);
    results.push(measurement);
    startups[`tesseract.js ×${inFlight}`] = startupMs;
  }
  const native = await nativeVersion();
  if (native) {
    for (const inFlight of [1, 2]) results.push(await nativeTesseract(images, inFlight));
  } else {
    console.warn('native tesseract not found (apt-get install -y tesseract-ocr tesseract-ocr-eng); skipped');
  }

  const facts = {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    loadAverageBefore: loadBefore.map((n) => round(n, 2)),
    loadAverageAfter: os.loadavg().map((n) => round(n, 2)),
    node: process.version,
    sharp: sharp.versions.sharp,
    nativeTesseract: native ?? 'not installed',
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
  const rows = results.map(
    (r) =>
      `| ${r.engine} | ${r.inFlight} | ${r.imagesPerMinute} | ${r.p50Ms} | ${r.maxMs} | ${r.allPricesRead}/${r.images} |`,
  );
  process.stdout.write(
    [
      `${imageCount} price boards (1100 px wide, 6 lines), after sharp's display WebP → grey PNG`,
      '',
      '| engine | in flight | images/min | p50 ms | max ms | all 4 prices read |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...rows,
      '',
      `worker start-up incl. first image: ${JSON.stringify(startups)}`,
      `machine: ${JSON.stringify(facts)}`,
      '',
    ].join('\n'),
  );
  const file = await writeResults('ocr', new Date(), { imageCount, results, startups, facts });
  process.stdout.write(`written ${path.relative(process.cwd(), file)}\n`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
