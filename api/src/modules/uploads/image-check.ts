import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_MIME_TYPES } from 'contracts';

export type ImageType = { mime: (typeof UPLOAD_MIME_TYPES)[number]; ext: 'png' | 'jpg' | 'gif' };

/**
 * The file's real type from its bytes (never its name or the client's claim), and whether it is whole:
 * a PNG must reach its IEND chunk, a JPEG its end-of-image marker, a GIF its trailer.
 */
export async function checkImage(bytes: Buffer): Promise<ImageType | 'unsupported' | 'broken'> {
  const type = await fileTypeFromBuffer(bytes);
  switch (type?.mime) {
    case 'image/png':
      return pngComplete(bytes) ? { mime: 'image/png', ext: 'png' } : 'broken';
    case 'image/jpeg':
      return jpegComplete(bytes) ? { mime: 'image/jpeg', ext: 'jpg' } : 'broken';
    case 'image/gif':
      return bytes.length > 13 && bytes[bytes.length - 1] === 0x3b
        ? { mime: 'image/gif', ext: 'gif' }
        : 'broken';
    default:
      return 'unsupported';
  }
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
