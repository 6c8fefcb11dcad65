import path from 'node:path';
import { QR_FORMATS, remoteNames, type QrFormat, type RemoteKey } from 'contracts';

/** Configuration from the environment (docs/architecture.md#configuration), checked once at start-up. */
export interface Config {
  port: number;
  host: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  demoSeed: boolean;
  /** Public origin printed into QR codes; null means the request's own origin. */
  webBase: string | null;
  labelPrintUrl: string | null;
  /** What printed QR codes encode: the customer page's path, or a GS1 Digital Link where the EAN allows. */
  qrFormat: QrFormat;
  companyName: string;
  companyAddress: string;
  /** The manufacturer's contact and logo for the customer page and the staff header; null when unset. */
  companyEmail: string | null;
  companyPhone: string | null;
  companyLogo: string | null;
  corsOrigins: string[];
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  trustProxy: string | null;
  /** Public customer calls one client address may make per minute, in each instance. */
  publicRateLimit: number;
  /** Where the built frontends live; a missing dist is simply not served. */
  webRoot: string;
  /** Each remote's mf-manifest.json: served here by default, or from its own host when deployed alone. */
  remoteManifests: Record<RemoteName, string>;
}

export const REMOTE_NAMES = Object.keys(remoteNames) as RemoteKey[];
export type RemoteName = RemoteKey;

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../..');

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  // Decimal digits only: Number() alone would take '0x50' as 80 and '1e3' as 1000.
  const value = /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new ConfigError(`${name} muss eine ganze Zahl von 1 bis ${max} sein, ist aber „${raw}“`);
  return value;
}

function httpOrigin(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} muss eine http(s)-Adresse sein, ist aber „${raw}“`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${name} muss eine http(s)-Adresse sein, ist aber „${raw}“`);
  return raw.replace(/\/+$/, '');
}

/**
 * A browser sends its origin in one spelling (lower case, no default port, no trailing slash); an entry is
 * brought into that spelling, and one with a path, which could never match, is refused.
 */
function corsOrigins(env: NodeJS.ProcessEnv): string[] {
  return (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = URL.canParse(entry) ? new URL(entry) : null;
      const bare = url?.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      if (!url || !bare || (url.protocol !== 'http:' && url.protocol !== 'https:'))
        throw new ConfigError(
          `CORS_ORIGINS nimmt nur Ursprünge wie https://app.example.com (ohne Pfad), nicht „${entry}“`,
        );
      return url.origin;
    });
}

/** An optional variable checked by `valid`; a value it refuses stops the start with `rule` in German. */
function optional(env: NodeJS.ProcessEnv, name: string, valid: (value: string) => boolean, rule: string) {
  const raw = env[name]?.trim();
  if (!raw) return null;
  if (!valid(raw)) throw new ConfigError(`${name} muss ${rule} sein, ist aber „${raw}“`);
  return raw;
}

// Printed into mailto: and tel: links on the customer page, so nothing but what such an address holds.
const EMAIL = /^[^\s@<>"'()]+@[^\s@<>"'()]+\.[^\s@<>"'()]+$/;
const PHONE = /^\+?[\d ()/-]{3,30}$/;

function qrFormat(env: NodeJS.ProcessEnv): QrFormat {
  const raw = env.QR_FORMAT?.trim();
  if (!raw) return 'landing';
  const format = QR_FORMATS.find((known) => known === raw);
  if (!format)
    throw new ConfigError(
      `QR_FORMAT muss ${QR_FORMATS.map((known) => `„${known}“`).join(' oder ')} sein, ist aber „${raw}“`,
    );
  return format;
}

function database(env: NodeJS.ProcessEnv): Config['database'] {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return { kind: 'sqlite', file: path.join(repoRoot, 'data', 'pruefbericht.db') };
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://')) return { kind: 'postgres', url: raw };
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length);
    if (!file)
      throw new ConfigError('DATABASE_URL „sqlite:“ braucht einen Dateipfad, z. B. sqlite:./data/pb.db');
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  }
  throw new ConfigError(`DATABASE_URL muss mit sqlite: oder postgres:// beginnen, ist aber „${raw}“`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty counts as unset, as for every other variable (`DEMO_SEED=` in a .env file).
  const demoSeed = env.DEMO_SEED?.trim() || '1';
  if (demoSeed !== '0' && demoSeed !== '1')
    throw new ConfigError(`DEMO_SEED muss 0 oder 1 sein, ist aber „${demoSeed}“`);
  return {
    port: positiveInt(env, 'PORT', 8080, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    database: database(env),
    demoSeed: demoSeed === '1',
    webBase: httpOrigin(env, 'WEB_BASE'),
    labelPrintUrl: httpOrigin(env, 'LABEL_PRINT_URL'),
    qrFormat: qrFormat(env),
    companyName: env.COMPANY_NAME?.trim() || 'BDS Maschinen GmbH',
    companyAddress: env.COMPANY_ADDRESS?.trim() || 'Martinstrasse 108, 41063 Mönchengladbach, Germany',
    companyEmail: optional(
      env,
      'COMPANY_EMAIL',
      (value) => value.length <= 254 && EMAIL.test(value),
      'eine E-Mail-Adresse (höchstens 254 Zeichen)',
    ),
    companyPhone: optional(
      env,
      'COMPANY_PHONE',
      (value) => PHONE.test(value) && (value.match(/\d/g) ?? []).length >= 3,
      'eine Telefonnummer (Ziffern, Leerzeichen, + ( ) / -, höchstens 30 Zeichen)',
    ),
    companyLogo: httpOrigin(env, 'COMPANY_LOGO'),
    corsOrigins: corsOrigins(env),
    sessionIdleMinutes: positiveInt(env, 'SESSION_IDLE_MINUTES', 120, 60 * 24 * 30),
    sessionMaxHours: positiveInt(env, 'SESSION_MAX_HOURS', 10, 24 * 365),
    trustProxy: env.TRUST_PROXY?.trim() || null,
    publicRateLimit: positiveInt(env, 'PUBLIC_RATE_LIMIT', 60, 1_000_000_000),
    webRoot: repoRoot,
    remoteManifests: Object.fromEntries(
      REMOTE_NAMES.map((name) => {
        const variable = `REMOTE_${name.toUpperCase()}_URL`;
        return [name, httpOrigin(env, variable) ?? `/remotes/${name}/mf-manifest.json`];
      }),
    ) as Record<RemoteName, string>,
  };
}
