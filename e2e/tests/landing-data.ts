import { apiPaths, CERTIFICATE_DEFAULTS } from 'contracts';
import { PNG } from 'pngjs';
import { E2E_USER } from '../global-setup';

/**
 * Landing-page test data made through the real API, as staff would: the e2e database has no demo data
 * (the seed only fills a database without users). Plain fetch, so Playwright tests and the Lighthouse
 * script share it.
 */
export interface LandingMachine {
  machineId: number;
  name: string;
  linkEn: string;
  linkGer: string;
  /** The first unit of a certificate issued for this machine. */
  serial: string;
  createdAt: string;
}

/**
 * A 400×400 stand-in for a product photo: a blue block on a light vertical gradient. The customer page's
 * largest paint is this image, so it has a photo's size rather than a few pixels.
 */
export function productPhoto(): Buffer {
  const size = 400;
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inBlock = x >= 120 && x < 280 && y >= 80 && y < 300;
      const shade = Math.round(246 - (y / size) * 32);
      const i = (y * size + x) * 4;
      png.data[i] = inBlock ? 0 : shade;
      png.data[i + 1] = inBlock ? 158 : shade;
      png.data[i + 2] = inBlock ? 215 : shade + 4;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** `path` from contracts' apiPaths, relative to the API base. */
async function call<T>(baseURL: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: {
      Authorization: token,
      ...(body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

export async function signInToken(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api${apiPaths.login()}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: E2E_USER.email, password: E2E_USER.password }),
  });
  if (!response.ok) throw new Error(`login: HTTP ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** Creates a brand (once per name), a machine with a photo, and a certificate for one unit of it. */
export async function createLandingMachine(
  baseURL: string,
  token: string,
  name = `MAB 825 E2E ${Date.now().toString(36)}`,
): Promise<LandingMachine> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(productPhoto())], { type: 'image/png' }), 'photo.png');
  const { path: image } = await call<{ path: string }>(baseURL, token, 'POST', apiPaths.upload(), form);

  const brands = await call<{ data: { id: number; name: string }[] }>(
    baseURL,
    token,
    'GET',
    apiPaths.brands(),
  );
  const brand =
    brands.data.find((existing) => existing.name === 'BDS Maschinen') ??
    (await call<{ id: number }>(baseURL, token, 'POST', apiPaths.brandCreate(), {
      name: 'BDS Maschinen',
      email: 'info@bds-maschinen.de',
      website_link: 'https://www.bds-maschinen.de',
    }));

  const linkEn = 'https://www.bds-maschinen.de/en/products/mab-825';
  const linkGer = 'https://www.bds-maschinen.de/de/produkte/mab-825';
  const machine = await call<{ id: number }>(baseURL, token, 'POST', apiPaths.machineCreate(), {
    brand_id: brand.id,
    name,
    serial_prefix: '485',
    link_en: linkEn,
    link_ger: linkGer,
    image,
    electronic_circuit_board: 1,
  });

  const [certificate] = await call<{ serial_no: string; created_at: string }[]>(
    baseURL,
    token,
    'POST',
    apiPaths.certificateCreate(),
    { ...CERTIFICATE_DEFAULTS, brand_id: brand.id, machine_id: machine.id, checked_by: 'E2E', crowd: 1 },
  );
  return {
    machineId: machine.id,
    name,
    linkEn,
    linkGer,
    serial: certificate.serial_no,
    createdAt: certificate.created_at,
  };
}
