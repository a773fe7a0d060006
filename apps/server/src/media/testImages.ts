import { getSharp } from './sharp.ts';

/** Small images for the media tests, drawn on the fly. */
export async function makePng(width: number, height: number, colour = '#3a7d44'): Promise<Buffer> {
  return getSharp()({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export async function makeJpeg(width: number, height: number): Promise<Buffer> {
  return getSharp()({ create: { width, height, channels: 3, background: '#c0a060' } })
    .jpeg()
    .toBuffer();
}

export async function makeWebp(width: number, height: number, lossless = false): Promise<Buffer> {
  return getSharp()({ create: { width, height, channels: 4, background: '#204080ff' } })
    .webp({ lossless })
    .toBuffer();
}

export async function makeGif(width: number, height: number): Promise<Buffer> {
  return getSharp()({ create: { width, height, channels: 3, background: '#ff0000' } })
    .gif()
    .toBuffer();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A well-formed PNG of a few hundred bytes whose header declares width × height pixels
 * (a decompression bomb: decoding it would need gigabytes).
 */
export async function makePngBomb(width = 30000, height = 30000): Promise<Buffer> {
  const png = Buffer.from(await makePng(8, 8));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A PNG whose pixel data is cut off half-way. */
export async function makeTruncatedPng(): Promise<Buffer> {
  const raw = Buffer.alloc(300 * 300 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  const png = await getSharp()(raw, { raw: { width: 300, height: 300, channels: 3 } })
    .png()
    .toBuffer();
  return png.subarray(0, Math.floor(png.length / 2));
}
