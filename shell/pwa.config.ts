import sharp from 'sharp';
import webpack, { type Compiler } from 'webpack';
import { InjectManifest } from 'workbox-webpack-plugin';

const themeColor = '#2563eb';
const backgroundColor = '#f8fafc';

/** A washing machine on the brand blue; `maskable` keeps it inside the safe zone of a full-bleed square. */
function iconSvg(size: number, maskable: boolean): string {
  const radius = maskable ? 0 : size * 0.22;
  const scale = maskable ? 0.62 : 0.78;
  const offset = (size * (1 - scale)) / 2;
  const s = (size * scale) / 100;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="${themeColor}"/>
  <g transform="translate(${offset} ${offset}) scale(${s})" fill="none" stroke="#ffffff" stroke-width="6">
    <rect x="14" y="8" width="72" height="84" rx="10"/>
    <line x1="14" y1="28" x2="86" y2="28"/>
    <circle cx="50" cy="60" r="22"/>
    <path d="M34 62 q8 -8 16 0 t16 0" stroke-linecap="round"/>
    <circle cx="28" cy="18" r="3" fill="#ffffff" stroke="none"/>
    <circle cx="40" cy="18" r="3" fill="#ffffff" stroke="none"/>
  </g>
</svg>`;
}

const icons = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any', maskable: false },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any', maskable: false },
  { file: 'icons/icon-maskable-512.png', size: 512, purpose: 'maskable', maskable: true },
] as const;

/** The web app manifest; names come from the English resources' brand, which is the same in every language. */
export const webAppManifest = {
  name: 'Laundromat Finder',
  short_name: 'Laundromats',
  description: 'Find laundromats worldwide: open now, prices, amenities, reviews and photos.',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: themeColor,
  background_color: backgroundColor,
  icons: icons.map(({ file, size, purpose }) => ({
    src: `/${file}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  })),
};

/** Emits manifest.webmanifest and the PNG icons (drawn with sharp) before the service worker's precache list is made. */
class WebAppManifestPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('WebAppManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'WebAppManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          for (const icon of icons) {
            const png = await sharp(Buffer.from(iconSvg(icon.size, icon.maskable)))
              .png()
              .toBuffer();
            compilation.emitAsset(icon.file, new webpack.sources.RawSource(png));
          }
          compilation.emitAsset(
            'manifest.webmanifest',
            new webpack.sources.RawSource(JSON.stringify(webAppManifest, null, 2)),
          );
        },
      );
    });
  }
}

export function pwaPlugins(): webpack.WebpackPluginInstance[] {
  return [
    new WebAppManifestPlugin(),
    new InjectManifest({
      swSrc: './src/pwa/service-worker.ts',
      swDest: 'sw.js',
      // Source maps, licences and the federation's own manifests are not needed offline.
      exclude: [/\.map$/, /LICENSE\.txt$/, /^mf-(manifest|stats)\.json$/],
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    }),
  ];
}
