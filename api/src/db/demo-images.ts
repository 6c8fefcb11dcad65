import { PNG } from 'pngjs';

export type Rgb = [number, number, number];

/** A truecolour PNG drawn by a function of the pixel position: demo images are made, never downloaded. */
export function drawPng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) png.data.set([...pixel(x, y), 255], (y * width + x) * 4);
  }
  return PNG.sync.write(png, { colorType: 2 });
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => a.map((v, i) => Math.round(v + (b[i] - v) * t)) as Rgb;
const inRect = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) =>
  x >= x0 && x < x1 && y >= y0 && y < y1;

/** A brand mark: a coloured roundel with a white bar, on white, 240×120. */
export function brandLogo(color: Rgb): Buffer {
  return drawPng(240, 120, (x, y) => {
    const dx = x - 60;
    const dy = y - 60;
    const r = Math.hypot(dx, dy);
    if (r < 44) return inRect(x, y, 36, 52, 84, 68) ? [255, 255, 255] : color;
    if (inRect(x, y, 120, 40, 220, 56) || inRect(x, y, 120, 66, 190, 78)) return color;
    return [255, 255, 255];
  });
}

/**
 * A studio shot of a magnetic drill: magnet base, column, motor and spindle on a soft backdrop, 400×400.
 * `variant` changes proportions so the catalogue's machines do not all look alike.
 */
export function machinePhoto(color: Rgb, variant: number): Buffer {
  const motorTop = 70 + (variant % 4) * 12;
  const motorWidth = 90 + (variant % 3) * 14;
  const dark: Rgb = [40, 44, 52];
  const steel: Rgb = [168, 174, 182];
  return drawPng(400, 400, (x, y) => {
    const backdrop = mix([246, 247, 249], [214, 219, 226], y / 400);
    if (inRect(x, y, 90, 300, 310, 345)) return mix(dark, [70, 74, 82], (y - 300) / 45); // magnet base
    if (inRect(x, y, 110, 345, 290, 352)) return mix(backdrop, [120, 120, 120], 0.6); // shadow
    if (inRect(x, y, 230, 90, 255, 300)) return steel; // column
    if (inRect(x, y, 200 - motorWidth / 2, motorTop, 200 + motorWidth / 2, 240)) {
      const shade = Math.abs(x - 200) / (motorWidth / 2);
      return mix(color, dark, shade * 0.45); // motor housing
    }
    if (inRect(x, y, 188, 240, 212, 285)) return steel; // spindle
    if (inRect(x, y, 194, 285, 206, 300)) return mix(steel, dark, 0.4); // cutter
    if (inRect(x, y, 255, 150, 300, 160)) return dark; // handle
    return backdrop;
  });
}
