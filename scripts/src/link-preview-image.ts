import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/**
 * Draws the brand image of link previews (gateway/src/link-preview.ts: a laundromat's link without a photo):
 * 1200×630, the size Open Graph and large cards expect. Run `npx tsx scripts/src/link-preview-image.ts`
 * after changing the drawing; the PNG is kept in the repository because its words need a font that build
 * images lack (the shell's icons, drawn at build, have no words). The product's name is the only text: it
 * is the same in every language, so one image serves them all.
 */
const WIDTH = 1200;
const HEIGHT = 630;
const blue = '#2563eb';
const deepBlue = '#1e40af';

/** The washing machine of the shell's icons (shell/pwa.config.ts), in a 100-unit square. */
const washingMachine = (stroke: string) => `
  <g fill="none" stroke="${stroke}" stroke-width="6">
    <rect x="14" y="8" width="72" height="84" rx="10"/>
    <line x1="14" y1="28" x2="86" y2="28"/>
    <circle cx="50" cy="60" r="22"/>
    <path d="M34 62 q8 -8 16 0 t16 0" stroke-linecap="round"/>
    <circle cx="28" cy="18" r="3" fill="${stroke}" stroke="none"/>
    <circle cx="40" cy="18" r="3" fill="${stroke}" stroke="none"/>
  </g>`;

/** A map pin, its point at (x, y). */
const pin = (x: number, y: number, size: number, opacity: number) => `
  <g transform="translate(${x - size / 2} ${y - size * 1.3}) scale(${size / 24})" opacity="${opacity}">
    <path d="M12 0C5.4 0 0 5.2 0 11.7 0 20.4 12 31 12 31s12-10.6 12-19.3C24 5.2 18.6 0 12 0z" fill="#ffffff"/>
    <circle cx="12" cy="11.5" r="4.6" fill="${blue}"/>
  </g>`;

/** Quiet streets behind everything, as on the finder's map. */
const streets = `
  <g fill="none" stroke="#ffffff" stroke-opacity="0.09" stroke-width="14" stroke-linecap="round">
    <path d="M-40 470 C 240 400, 420 520, 700 440 S 1100 330, 1260 380"/>
    <path d="M560 -40 C 620 160, 540 330, 640 660"/>
    <path d="M900 -40 C 860 200, 980 420, 940 680"/>
    <path d="M-40 120 C 300 170, 700 60, 1260 140"/>
  </g>
  <g fill="none" stroke="#ffffff" stroke-opacity="0.06" stroke-width="6">
    <path d="M0 300 L 1200 250"/>
    <path d="M300 0 L 360 630"/>
    <path d="M760 0 L 700 630"/>
    <path d="M1080 0 L 1140 630"/>
  </g>`;

/** Five stars, the reviews. */
const stars = (x: number, y: number) =>
  Array.from({ length: 5 }, (_, index) => {
    const cx = x + index * 44;
    const points = Array.from({ length: 10 }, (_, corner) => {
      const radius = corner % 2 === 0 ? 17 : 7.5;
      const angle = (Math.PI / 5) * corner - Math.PI / 2;
      return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`;
    }).join(' ');
    return `<polygon points="${points}" fill="#fbbf24"/>`;
  }).join('');

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${blue}"/>
      <stop offset="1" stop-color="${deepBlue}"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  ${streets}
  ${pin(1010, 170, 46, 0.55)}
  ${pin(1110, 300, 30, 0.4)}
  ${pin(880, 520, 36, 0.45)}
  ${pin(1080, 540, 54, 0.7)}
  <g transform="translate(96 165)">
    <rect width="300" height="300" rx="66" fill="#ffffff"/>
    <g transform="translate(33 33) scale(2.34)">${washingMachine(blue)}</g>
  </g>
  <text x="452" y="300" fill="#ffffff" font-family="Noto Sans, DejaVu Sans, sans-serif" font-size="74" font-weight="700">Laundromat</text>
  <text x="452" y="388" fill="#ffffff" font-family="Noto Sans, DejaVu Sans, sans-serif" font-size="74" font-weight="700">Finder</text>
  <g transform="translate(0 0)">${stars(472, 446)}</g>
</svg>`;

const output = fileURLToPath(new URL('../../gateway/assets/link-preview.png', import.meta.url));
const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
await writeFile(output, png);
process.stdout.write(`${output.split('/').slice(-3).join('/')}: ${WIDTH}×${HEIGHT}, ${png.length} bytes\n`);
