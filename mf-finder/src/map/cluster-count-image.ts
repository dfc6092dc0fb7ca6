import { basemapColours } from './map-constants.ts';
import { clusterCountImagePrefix } from './map-style.ts';

/** The count a cluster-count image id stands for, or null for an image that is not ours. */
export function clusterCountLabel(imageId: string): string | null {
  return imageId.startsWith(clusterCountImagePrefix) ? imageId.slice(clusterCountImagePrefix.length) : null;
}

/**
 * The number on a cluster, drawn on a canvas: text layers would need a glyph server, and the map must
 * work offline.
 */
export function drawClusterCount(label: string, pixelRatio: number): ImageData | null {
  const fontPx = 13 * pixelRatio;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return null;
  const font = `700 ${fontPx}px system-ui, sans-serif`;
  context.font = font;
  canvas.width = Math.ceil(context.measureText(label).width + 4 * pixelRatio);
  canvas.height = Math.ceil(fontPx * 1.4);
  // Resizing the canvas resets its state.
  context.font = font;
  context.fillStyle = basemapColours.clusterText;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(label, canvas.width / 2, canvas.height / 2);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}
