/**
 * Detects the real type of an uploaded file from its first bytes (never from its name or the
 * declared content type) and reads the pixel size from the header without decoding the image.
 */
export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif' | 'svg';

export const imageExtensions: Record<ImageType, string> = {
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
  gif: 'gif',
  svg: 'svg',
};

export const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffImageType(data: Uint8Array): ImageType | null {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) return 'gif';
  if (looksLikeSvg(b)) return 'svg';
  return null;
}

function looksLikeSvg(b: Buffer): boolean {
  // Text only: no NUL bytes in the head, then an XML prolog, comments or the <svg> root.
  const head = b.subarray(0, 4096);
  if (head.includes(0)) return false;
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const stripped = text.replace(/<\?xml[\s\S]*?\?>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  return /^\s*(<!DOCTYPE\s+svg[^>]*>\s*)?<svg[\s>]/i.test(stripped) || /^\s*<!DOCTYPE\s+svg/i.test(stripped);
}

export interface HeaderSize {
  width: number;
  height: number;
}

/**
 * Width and height as declared in the header of a raster image, or null when the header is
 * truncated or not understood. Reads at most the JPEG marker chain, never pixel data.
 */
export function readHeaderSize(data: Uint8Array, type: ImageType): HeaderSize | null {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  switch (type) {
    case 'png':
      // Signature (8) + IHDR length (4) + "IHDR" (4) + width (4) + height (4).
      if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
      return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
    case 'gif':
      if (b.length < 10) return null;
      return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
    case 'webp':
      return webpSize(b);
    case 'jpeg':
      return jpegSize(b);
    default:
      return null;
  }
}

function webpSize(b: Buffer): HeaderSize | null {
  if (b.length < 30) return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') {
    // Frame tag (3) + start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

function jpegSize(b: Buffer): HeaderSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    // Markers without a length field.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}
