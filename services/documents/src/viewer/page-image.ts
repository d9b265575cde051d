import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SOI = Buffer.from([0xff, 0xd8, 0xff]);
export const isPng = (b: Buffer): boolean => b.length > PNG_SIGNATURE.length && b.subarray(0, 8).equals(PNG_SIGNATURE);
export const isJpeg = (b: Buffer): boolean => b.length > 3 && b.subarray(0, 3).equals(JPEG_SOI);

/** A page image's media type, from its first bytes (pages are kept as PNG or JPEG: see PageRenderer). */
export const pageImageType = (b: Buffer): 'image/png' | 'image/jpeg' => (isJpeg(b) ? 'image/jpeg' : 'image/png');

/** A binary PPM (P6, maxval 255) as its size and RGB bytes; null when it is not one (a truncated or foreign answer). */
export function readPpm(b: Buffer): { width: number; height: number; rgb: Buffer } | null {
  const head = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(b.toString('latin1', 0, Math.min(b.length, 40)));
  if (!head) return null;
  const width = Number(head[1]);
  const height = Number(head[2]);
  const rgb = b.subarray(head[0].length);
  return width > 0 && height > 0 && rgb.length === width * height * 3 ? { width, height, rgb } : null;
}

/** Whether every pixel is a grey (R = G = B): text, the stamp, black-and-white figures. */
export function isGrey(rgb: Buffer): boolean {
  for (let i = 0; i < rgb.length; i += 3) if (rgb[i] !== rgb[i + 1] || rgb[i] !== rgb[i + 2]) return false;
  return true;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * A grey page as a 4-bit greyscale PNG: each grey rounded to the nearest of 16 levels (anti-aliased text keeps its
 * look; the words themselves come from the text layer). A page of text is ~30 KB this way at 1200 px, against ~390 KB
 * as pdftoppm's 24-bit PNG: the bytes every cached page costs S3, documents, the gateway and the buyer's connection.
 */
export async function greyPng(width: number, height: number, rgb: Buffer): Promise<Buffer> {
  const stride = (width + 1) >> 1;
  const raw = Buffer.alloc((stride + 1) * height); // each row: filter 0 (none), then 2 pixels a byte, high nibble first
  for (let y = 0, src = 0; y < height; y++) {
    const row = y * (stride + 1) + 1;
    for (let x = 0; x < width; x++, src += 3) {
      const level = (rgb[src]! * 15 + 127) / 255 | 0;
      raw[row + (x >> 1)] |= x & 1 ? level : level << 4;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 4; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', await deflateAsync(raw, { level: 6 })), chunk('IEND', Buffer.alloc(0))]);
}
