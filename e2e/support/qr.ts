import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** An element's screenshot with a white border, as the label has around its codes: scanners need that quiet zone. */
export function withQuietZone(
  png: Buffer,
  border = 24,
): { data: Uint8ClampedArray; width: number; height: number } {
  const image = PNG.sync.read(png);
  const width = image.width + 2 * border;
  const height = image.height + 2 * border;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < image.height; y++) {
    const row = image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4);
    data.set(row, ((y + border) * width + border) * 4);
  }
  return { data, width, height };
}

/** The text of the QR code in an element's screenshot, as a phone's camera app would read it. */
export function decodeQr(png: Buffer): string {
  const { data, width, height } = withQuietZone(png);
  const code = jsQR(data, width, height);
  if (!code) throw new Error('no QR code found');
  return code.data;
}
