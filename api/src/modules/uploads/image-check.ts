import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS, UPLOAD_MIME_TYPES } from 'contracts';

export type ImageType = { mime: (typeof UPLOAD_MIME_TYPES)[number]; ext: 'png' | 'jpg' | 'gif' };

const FORMATS: Record<string, ImageType> = {
  'image/png': { mime: 'image/png', ext: 'png' },
  'image/jpeg': { mime: 'image/jpeg', ext: 'jpg' },
  'image/gif': { mime: 'image/gif', ext: 'gif' },
};
/** What libvips calls each format. */
const VIPS_FORMAT = { png: 'png', jpg: 'jpeg', gif: 'gif' } as const;

/**
 * The file's real type from its bytes (never its name or the client's claim), and whether it is an image
 * through and through:
 * - whole: a PNG must reach its IEND chunk, a JPEG its end-of-image marker, a GIF its trailer;
 * - not a bomb: its header's width × height (every frame of a GIF) within UPLOAD_MAX_PIXELS, read before
 *   anything is decoded, since a few kilobytes can claim 40,000 × 40,000 pixels (6.4 GB decoded);
 * - decodable: libvips (sharp) decodes every pixel of every frame and fails on any warning, so a file that
 *   merely starts like an image ("GIF89a", then HTML, then ";") is refused.
 */
export async function checkImage(
  bytes: Buffer,
): Promise<ImageType | 'unsupported' | 'broken' | 'tooManyPixels'> {
  const type = FORMATS[(await fileTypeFromBuffer(bytes))?.mime ?? ''];
  if (!type) return 'unsupported';
  if (!complete(type, bytes)) return 'broken';
  // limitInputPixels is sharp's guard per frame; the header check below also counts every frame.
  const options = { failOn: 'warning', limitInputPixels: UPLOAD_MAX_PIXELS, pages: -1 } as const;
  try {
    const { format, width, height, pages = 1 } = await sharp(bytes, options).metadata();
    if (format !== VIPS_FORMAT[type.ext]) return 'broken';
    if (width * height * pages > UPLOAD_MAX_PIXELS) return 'tooManyPixels';
    // stats() runs the decoder over the whole image in strips, without holding it in memory.
    await sharp(bytes, options).stats();
    return type;
  } catch (error) {
    return /pixel limit/i.test((error as Error).message) ? 'tooManyPixels' : 'broken';
  }
}

function complete(type: ImageType, bytes: Buffer): boolean {
  if (type.ext === 'png') return pngComplete(bytes);
  if (type.ext === 'jpg') return jpegComplete(bytes);
  return bytes.length > 13 && bytes[bytes.length - 1] === 0x3b;
}

function pngComplete(bytes: Buffer): boolean {
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    offset += 12 + length;
    if (type === 'IEND') return offset <= bytes.length;
  }
  return false;
}

function jpegComplete(bytes: Buffer): boolean {
  // Some encoders pad after the end-of-image marker; look for it near the end.
  const tail = bytes.subarray(Math.max(0, bytes.length - 64));
  for (let i = tail.length - 2; i >= 0; i--) if (tail[i] === 0xff && tail[i + 1] === 0xd9) return true;
  return false;
}
