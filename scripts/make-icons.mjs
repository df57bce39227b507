// Draws Déjà Vu's icons (PNG) from code, so no binary art tool is needed: two overlapping
// speech-bubble circles — a conversation and its echo — on a rounded square.
//   node scripts/make-icons.mjs   → build/icons/{icon.png, 512x512.png, tray.png, trayTemplate.png}
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'build', 'icons');
mkdirSync(out, { recursive: true });

const CRC = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x += 1) {
      // 4x4 supersampling for smooth edges.
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < 4; sy += 1) for (let sx = 0; sx < 4; sx += 1) {
        const [pr, pg, pb, pa] = pixel((x + (sx + 0.5) / 4) / size, (y + (sy + 0.5) / 4) / size);
        r += pr * pa; g += pg * pa; b += pb * pa; a += pa;
      }
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = a ? Math.round(r / a) : 0;
      raw[o + 1] = a ? Math.round(g / a) : 0;
      raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round((a / 16) * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
const inRoundedSquare = (x, y, r) => {
  const dx = Math.max(r - x, 0, x - (1 - r));
  const dy = Math.max(r - y, 0, y - (1 - r));
  return dx * dx + dy * dy <= r * r;
};
const ring = (x, y, cx, cy, r, w) => Math.abs(Math.hypot(x - cx, y - cy) - r) <= w / 2;
const disc = (x, y, cx, cy, r) => Math.hypot(x - cx, y - cy) <= r;

function appIcon(x, y) {
  if (!inRoundedSquare(x, y, 0.22)) return [0, 0, 0, 0];
  const t = y;
  const bg = [Math.round(44 + 40 * t), Math.round(38 + 22 * t), Math.round(92 + 60 * t)];
  const back = ring(x, y, 0.6, 0.42, 0.21, 0.075);
  const front = disc(x, y, 0.42, 0.58, 0.235);
  const tail = y > 0.72 && y < 0.86 && x > 0.24 && x < 0.36 && x - 0.24 < (0.86 - y) * 0.9;
  if (front || tail) return [250, 246, 255, 1];
  if (back) return [170, 150, 255, 1];
  return [...bg, 1];
}
function trayIcon(dark) {
  const ink = dark ? [0, 0, 0] : [235, 235, 240];
  return (x, y) => {
    const back = ring(x, y, 0.62, 0.38, 0.24, 0.11);
    const front = disc(x, y, 0.4, 0.6, 0.27);
    return back || front ? [...ink, 1] : [0, 0, 0, 0];
  };
}

writeFileSync(path.join(out, 'icon.png'), png(512, appIcon));
writeFileSync(path.join(out, '512x512.png'), png(512, appIcon));
writeFileSync(path.join(out, 'tray.png'), png(32, trayIcon(false)));
writeFileSync(path.join(out, 'trayTemplate.png'), png(22, trayIcon(true)));
writeFileSync(path.join(out, 'trayTemplate@2x.png'), png(44, trayIcon(true)));
console.log(`icons written to ${out}`);
