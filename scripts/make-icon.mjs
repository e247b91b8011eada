// Draws the app icon (resources/icons/icon.png, 1024x1024) from a few vector shapes: an SFP-style
// transceiver on a dark-blue tile, two light beams leaving its duplex port, and a signal wave above it.
// Run: node scripts/make-icon.mjs. electron-builder derives the Windows .ico and macOS .icns from this PNG.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodePng } from './png-encode.mjs';

const SIZE = 1024;

// Signed distance (pixels, negative inside) to a rounded rectangle.
function roundedRect(r) {
  return (px, py) => {
    const cx = (r.x0 + r.x1) / 2;
    const cy = (r.y0 + r.y1) / 2;
    const qx = Math.abs(px - cx) - ((r.x1 - r.x0) / 2 - r.radius);
    const qy = Math.abs(py - cy) - ((r.y1 - r.y0) / 2 - r.radius);
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r.radius;
  };
}

function segment(a, b, halfWidth) {
  return (px, py) => {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const t = Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(px - (a.x + t * dx), py - (a.y + t * dy)) - halfWidth;
  };
}

// Distance to y = mid + amp*sin(...), first-order estimate: |y - f(x)| / sqrt(1 + f'(x)^2).
function wave({ x0, x1, mid, amp, period, halfWidth }) {
  return (px, py) => {
    const x = Math.max(x0, Math.min(x1, px));
    // Starts and ends on a crest (slope 0), so the ends are cut square to the stroke.
    const phase = ((x - x0) / period) * 2 * Math.PI - Math.PI / 2;
    const f = mid + amp * Math.sin(phase);
    // Beyond the ends: distance to the end point, which gives round caps.
    if (x !== px) return Math.hypot(px - x, py - f) - halfWidth;
    const slope = ((amp * 2 * Math.PI) / period) * Math.cos(phase);
    return Math.abs(py - f) / Math.sqrt(1 + slope * slope) - halfWidth;
  };
}

const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);

// The drawing below is laid out on a 1024 grid; OFFSET centres it on the tile.
const OFFSET = { x: -18, y: 80 };
const tile = roundedRect({ x0: 72, y0: 72, x1: 952, y1: 952, radius: 200 });
const layers = [
  // [shape, colour(x, y)]
  [tile, (_x, y) => mix(hex('#1d4f82'), hex('#0b1f36'), (y - 72) / 880)],
  [wave({ x0: 245, x1: 803, mid: 296, amp: 46, period: 186, halfWidth: 13 }), () => hex('#5ad7ff')],
  [roundedRect({ x0: 212, y0: 430, x1: 712, y1: 626, radius: 30 }), (_x, y) => mix(hex('#eef3f8'), hex('#b7c4d3'), (y - 430) / 196)],
  [roundedRect({ x0: 212, y0: 430, x1: 268, y1: 626, radius: 30 }), () => hex('#f2a93b')],
  [roundedRect({ x0: 636, y0: 452, x1: 690, y1: 516, radius: 10 }), () => hex('#16283c')],
  [roundedRect({ x0: 636, y0: 540, x1: 690, y1: 604, radius: 10 }), () => hex('#16283c')],
  [segment({ x: 712, y: 484 }, { x: 836, y: 484 }, 12), () => hex('#5ad7ff')],
  [segment({ x: 712, y: 572 }, { x: 836, y: 572 }, 12), () => hex('#ffb347')],
];

/** Paints the icon with one analytic anti-aliased sample per pixel (coverage from the signed distance). */
export function drawIcon(size = SIZE) {
  const scale = SIZE / size;
  const rgba = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const px = (x + 0.5) * scale;
      const py = (y + 0.5) * scale;
      let colour = [0, 0, 0];
      let alpha = 0;
      for (const [shape, paint] of layers) {
        const [sx, sy] = shape === tile ? [px, py] : [px - OFFSET.x, py - OFFSET.y];
        const coverage = Math.max(0, Math.min(1, 0.5 - shape(sx, sy) / scale));
        if (coverage === 0) continue;
        colour = mix(colour, paint(sx, sy), alpha === 0 ? 1 : coverage);
        alpha = alpha + coverage * (1 - alpha);
      }
      // Everything is drawn on the tile, so clip to it: the corners stay transparent.
      alpha = Math.min(alpha, Math.max(0, Math.min(1, 0.5 - tile(px, py) / scale)));
      const i = (y * size + x) * 4;
      rgba[i] = Math.round(colour[0]);
      rgba[i + 1] = Math.round(colour[1]);
      rgba[i + 2] = Math.round(colour[2]);
      rgba[i + 3] = Math.round(alpha * 255);
    }
  }
  return rgba;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = join(dirname(dirname(fileURLToPath(import.meta.url))), 'resources', 'icons', 'icon.png');
  mkdirSync(dirname(out), { recursive: true });
  const png = encodePng(SIZE, SIZE, drawIcon(SIZE));
  writeFileSync(out, png);
  console.log(`wrote ${out} (${png.length} bytes)`);
}
