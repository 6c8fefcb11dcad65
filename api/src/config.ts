import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { apiDir } from './platform/api-files';
import {
  INSPECTION_DOCUMENTS,
  QR_FORMATS,
  remoteNames,
  type InspectionDocument,
  type QrFormat,
  type RemoteKey,
} from 'contracts';
import { directoryConfig, type DirectoryConfig } from './directory-config';
import { ConfigError } from './config-error';
import { host, logLevel, webBaseForProduction, type LogLevel } from './config-checks';
import { secretVariable } from './secret-variable';

export { ConfigError };

/** Configuration from the environment (docs/architecture.md#configuration), checked once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL's connections per process (`poolMax`, DB_POOL_MAX): all processes' together stay below its max_connections. */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolMax?: number };
  /** NODE_ENV=production: no development seal, and WEB_BASE as it will be printed for years. */
  production: boolean;
  logLevel: LogLevel;
  demoSeed: boolean;
  /** Public origin printed into QR codes; null means the request's own origin. */
  webBase: string | null;
  labelPrintUrl: string | null;
  /** What printed QR codes encode: the customer page's path, or a GS1 Digital Link where the EAN allows. */
  qrFormat: QrFormat;
  /**
   * The highest EN 10204 type the certificate of a unit released by a second person claims (INSPECTION_DOCUMENT):
   * 3.1 where the releasers are independent of manufacturing, else 2.2 (contracts' inspectionDocumentOf).
   */
  inspectionDocument: InspectionDocument;
  companyName: string;
  companyAddress: string;
  /** The manufacturer's contact and logo for the customer page and the staff header; null when unset. */
  companyEmail: string | null;
  companyPhone: string | null;
  companyLogo: string | null;
  corsOrigins: string[];
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** Whether `npm start` runs a job worker beside the API (WORKERS=1, the default) or not (WORKERS=0). */
  worker: boolean;
  /** Seconds a stopping worker waits for its job before handing it back. */
  jobStopSeconds: number;
  /** `GET /metrics` (Prometheus text): off with METRICS=0; with METRICS_TOKEN only for `Bearer <token>`. */
  metrics: { enabled: boolean; token: string | null };
  /**
   * Who may tell the client's address and protocol (X-Forwarded-For, X-Forwarded-Proto): the proxies' own
   * addresses or ranges; null trusts nobody. Never everybody.
   */
  trustProxy: TrustProxy | null;
  /** Public customer calls one client address may make per minute, in each instance. */
  publicRateLimit: number;
  /** Seconds a download may make no progress before it is closed (docs/decisions/0027-stored-bytes.md). */
  downloadStallSeconds: number;
  /** Downloads of stored files one client address may hold open at once, in each instance. */
  downloadsPerAddress: number;
  /**
   * The seal of the certificate PDFs (docs/decisions/0020-sealed-certificate.md): the manufacturer's PKCS#12 file
   * and its password, or null for the development seal; and the RFC 3161 timestamp authority, if any.
   */
  seal: {
    p12Path: string | null;
    p12Password: string;
    tsaUrl: string | null;
    /**
     * What the development seal's private key is encrypted with in the database (docs/decisions/0028-development-seal-key.md):
     * SEAL_DEVELOPMENT_PASSPHRASE, or else the passphrase in `developmentPassphraseFile`, made there once (0600).
     */
    developmentPassphrase: string | null;
    developmentPassphraseFile: string;
  };
  /**
   * Outgoing mail (api/src/platform/mail.ts): the SMTP server (SMTP_URL or SMTP_URL_FILE, smtp:// or smtps://,
   * with its user and password) and the sender (MAIL_FROM); null when SMTP_URL is unset: nothing is mailed.
   */
  mail: { url: string; from: string } | null;
  /** Sign-in with the company account (OIDC_*, directory-config.ts); null when OIDC_ISSUER is unset. */
  directory: DirectoryConfig | null;
  /** Where the built frontends live; a missing dist is simply not served. */
  webRoot: string;
  /** Each remote's mf-manifest.json: served here by default, or from its own host when deployed alone. */
  remoteManifests: Record<RemoteName, string>;
}

/** Addresses or ranges of the proxies (proxy-addr's notation: `10.0.0.5`, `10.0.0.0/24`, `loopback`). */
export type TrustProxy = string | string[];

export const REMOTE_NAMES = Object.keys(remoteNames) as RemoteKey[];
export type RemoteName = RemoteKey;

const repoRoot = path.resolve(apiDir, '..');

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

const TRUST_PROXY_RULE = 'die Adressen der Proxys davor (z. B. 10.0.0.5 oder 10.0.0.0/24, mehrere mit Komma)';

/** proxy-addr's names for whole private ranges, allowed as an address would be. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a range (address/prefix) or a named range; the whole internet (`0.0.0.0/0`) is not a proxy. */
function proxyAddress(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return bits >= 8 && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY names the proxies whose X-Forwarded-For and X-Forwarded-Proto count, by address or range.
 * `true` (trust anyone) is refused: any client could claim any address, beat the per-address limits and lock
 * out someone else's. A number of hops is refused too: Fastify then trusts no peer at all, because a count
 * cannot tell the proxy from a client that connects directly (node_modules/fastify/lib/request.js).
 */
function trustProxy(env: NodeJS.ProcessEnv): TrustProxy | null {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) return null;
  if (/^\d+$/.test(raw))
    throw new ConfigError(
      `TRUST_PROXY nimmt Adressen, keine Anzahl („${raw}“): eine Anzahl kann den Proxy nicht von einem Client unterscheiden, der direkt verbindet. Bitte ${TRUST_PROXY_RULE} angeben`,
    );
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.find((entry) => !proxyAddress(entry));
  if (wrong !== undefined || !entries.length)
    throw new ConfigError(
      raw === 'true'
        ? `TRUST_PROXY=true würde jedem Absender glauben, von welcher Adresse er kommt. Bitte ${TRUST_PROXY_RULE} angeben`
        : `TRUST_PROXY nimmt ${TRUST_PROXY_RULE}, nicht „${wrong ?? raw}“`,
    );
  return entries;
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

/** One of `values` (the first when unset); anything else stops the start, naming them and what they are. */
function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly T[], what = ''): T {
  const raw = env[name]?.trim();
  if (!raw) return values[0];
  const value = values.find((known) => known === raw);
  if (!value)
    throw new ConfigError(
      `${name} muss ${values.map((known) => `„${known}“`).join(' oder ')}${what} sein, ist aber „${raw}“`,
    );
  return value;
}

/**
 * SEAL_P12_PATH must name a readable file; SEAL_TSA_URL an http(s) address (a path is part of it). In production
 * the development seal is never the default: its key sits in every dump of the database.
 */
function seal(env: NodeJS.ProcessEnv, db: Config['database'], production: boolean): Config['seal'] {
  const p12Path = env.SEAL_P12_PATH?.trim() ? path.resolve(env.SEAL_P12_PATH.trim()) : null;
  if (!p12Path && production)
    throw new ConfigError(
      'NODE_ENV=production verlangt das Siegel des Herstellers: SEAL_P12_PATH (und SEAL_P12_PASSWORD oder ' +
        'SEAL_P12_PASSWORD_FILE) setzen; das Entwicklungssiegel ist nur für Tests und Vorführungen ' +
        '(README, Abschnitt „Sealed certificates“)',
    );
  if (p12Path) {
    try {
      fs.accessSync(p12Path, fs.constants.R_OK);
    } catch {
      throw new ConfigError(`SEAL_P12_PATH muss eine lesbare PKCS#12-Datei sein, „${p12Path}“ ist es nicht`);
    }
  }
  const tsa = env.SEAL_TSA_URL?.trim() || null;
  if (tsa && !(URL.canParse(tsa) && ['http:', 'https:'].includes(new URL(tsa).protocol)))
    throw new ConfigError(`SEAL_TSA_URL muss eine http(s)-Adresse sein, ist aber „${tsa}“`);
  const dataDir = db.kind === 'sqlite' ? path.dirname(path.resolve(db.file)) : path.join(repoRoot, 'data');
  return {
    p12Path,
    p12Password: secretVariable(env, 'SEAL_P12_PASSWORD') ?? '',
    tsaUrl: tsa,
    developmentPassphrase: env.SEAL_DEVELOPMENT_PASSPHRASE || null,
    developmentPassphraseFile: path.join(dataDir, 'development-seal.passphrase'),
  };
}

/** The database alone, for the command-line tools, which need no other setting (cli/). */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env): Config['database'] {
  const raw = secretVariable(env, 'DATABASE_URL')?.trim();
  if (!raw) return { kind: 'sqlite', file: path.join(repoRoot, 'data', 'pruefbericht.db') };
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://'))
    return { kind: 'postgres', url: raw, poolMax: positiveInt(env, 'DB_POOL_MAX', 10, 1000) };
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length);
    if (!file)
      throw new ConfigError('DATABASE_URL „sqlite:“ braucht einen Dateipfad, z. B. sqlite:./data/pb.db');
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  }
  throw new ConfigError(`DATABASE_URL muss mit sqlite: oder postgres:// beginnen, ist aber „${raw}“`);
}

/** SMTP_URL and MAIL_FROM together, or neither: a server without a sender could not send a mail. */
function mail(env: NodeJS.ProcessEnv): Config['mail'] {
  const url = secretVariable(env, 'SMTP_URL')?.trim();
  const from = optional(
    env,
    'MAIL_FROM',
    (value) => value.length <= 254 && EMAIL.test(value),
    'eine E-Mail-Adresse (höchstens 254 Zeichen)',
  );
  if (!url) {
    if (from)
      throw new ConfigError(
        'MAIL_FROM ist gesetzt, SMTP_URL aber nicht: ohne SMTP-Server wird nichts gesendet',
      );
    return null;
  }
  // The address itself is not repeated: it may hold the server's password.
  if (!URL.canParse(url) || !['smtp:', 'smtps:'].includes(new URL(url).protocol) || !new URL(url).hostname)
    throw new ConfigError(
      'SMTP_URL muss eine Adresse wie smtp://benutzer:passwort@mail.example:587 oder smtps://… sein',
    );
  if (!from) throw new ConfigError('SMTP_URL verlangt MAIL_FROM, die Absenderadresse der E-Mails');
  return { url, from };
}

function metrics(env: NodeJS.ProcessEnv): Config['metrics'] {
  const enabled = env.METRICS?.trim() || '1';
  if (enabled !== '0' && enabled !== '1')
    throw new ConfigError(`METRICS muss 0 oder 1 sein, ist aber „${enabled}“`);
  const token = secretVariable(env, 'METRICS_TOKEN')?.trim() || null;
  if (token !== null && token.length < 16)
    throw new ConfigError('METRICS_TOKEN muss mindestens 16 Zeichen lang sein');
  return { enabled: enabled === '1', token };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty counts as unset, as for every other variable (`DEMO_SEED=` in a .env file).
  const workers = env.WORKERS?.trim() || '1';
  if (workers !== '0' && workers !== '1')
    throw new ConfigError(
      `WORKERS muss 0 oder 1 sein (weitere Worker startet „npm run worker“), ist aber „${workers}“`,
    );
  const demoSeed = env.DEMO_SEED?.trim() || '1';
  if (demoSeed !== '0' && demoSeed !== '1')
    throw new ConfigError(`DEMO_SEED muss 0 oder 1 sein, ist aber „${demoSeed}“`);
  const production = env.NODE_ENV?.trim() === 'production';
  const webBase = httpOrigin(env, 'WEB_BASE');
  if (production) webBaseForProduction(webBase);
  return {
    port: positiveInt(env, 'PORT', 8080, 65535),
    host: host(env),
    database: loadDatabaseConfig(env),
    production,
    logLevel: logLevel(env),
    demoSeed: demoSeed === '1',
    webBase,
    labelPrintUrl: httpOrigin(env, 'LABEL_PRINT_URL'),
    qrFormat: oneOf<QrFormat>(env, 'QR_FORMAT', QR_FORMATS),
    inspectionDocument: oneOf<InspectionDocument>(
      env,
      'INSPECTION_DOCUMENT',
      INSPECTION_DOCUMENTS,
      ' (Typ nach EN 10204)',
    ),
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
    worker: workers === '1',
    jobStopSeconds: positiveInt(env, 'JOB_STOP_SECONDS', 30, 3600),
    metrics: metrics(env),
    trustProxy: trustProxy(env),
    publicRateLimit: positiveInt(env, 'PUBLIC_RATE_LIMIT', 60, 1_000_000_000),
    downloadStallSeconds: positiveInt(env, 'DOWNLOAD_STALL_SECONDS', 30, 3600),
    downloadsPerAddress: positiveInt(env, 'DOWNLOADS_PER_ADDRESS', 8, 10_000),
    seal: seal(env, loadDatabaseConfig(env), production),
    mail: mail(env),
    directory: directoryConfig(env, (message) => new ConfigError(message)),
    webRoot: repoRoot,
    remoteManifests: Object.fromEntries(
      REMOTE_NAMES.map((name) => {
        const variable = `REMOTE_${name.toUpperCase()}_URL`;
        return [name, httpOrigin(env, variable) ?? `/remotes/${name}/mf-manifest.json`];
      }),
    ) as Record<RemoteName, string>,
  };
}
