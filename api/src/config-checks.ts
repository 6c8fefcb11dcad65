import net from 'node:net';
import { ConfigError } from './config-error';

/** pino's levels: anything else made the logger throw its English stack at start. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function logLevel(env: NodeJS.ProcessEnv): LogLevel {
  const raw = env.LOG_LEVEL?.trim();
  if (!raw) return 'info';
  const level = LOG_LEVELS.find((known) => known === raw.toLowerCase());
  if (!level) throw new ConfigError(`LOG_LEVEL muss ${LOG_LEVELS.join(', ')} sein, ist aber „${raw}“`);
  return level;
}

// A host name as RFC 1123 spells it: dot-separated labels of letters, digits and inner hyphens.
const HOST_NAME = /^(?=.{1,253}$)[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?)*$/i;

/**
 * An address of this machine or a name: a port (`0.0.0.0:8080`), a URL or brackets end in Node's stack at
 * listen otherwise. Whether the address is this machine's only listening can tell (listen.ts).
 */
export function host(env: NodeJS.ProcessEnv): string {
  const raw = env.HOST?.trim();
  if (!raw) return '0.0.0.0';
  if (!net.isIP(raw) && !HOST_NAME.test(raw))
    throw new ConfigError(
      `HOST muss eine Adresse dieses Rechners (z. B. 0.0.0.0, 127.0.0.1 oder ::) oder ein Rechnername ohne Port sein, ist aber „${raw}“`,
    );
  return raw;
}

/**
 * QR codes are printed on machines for years: in production they must name an HTTPS origin and nothing more.
 * A path would have to be served for ever beside the origin, and plain HTTP invites a redirect anyone on the
 * way can change.
 */
export function webBaseForProduction(webBase: string | null): void {
  if (!webBase) return;
  const url = new URL(webBase);
  if (url.protocol !== 'https:')
    throw new ConfigError(
      `WEB_BASE muss mit NODE_ENV=production eine https-Adresse sein (gedruckte QR-Codes gelten auf Jahre), ist aber „${webBase}“`,
    );
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password)
    throw new ConfigError(
      `WEB_BASE ist mit NODE_ENV=production ein Ursprung ohne Pfad wie https://pruefbericht.example.com, nicht „${webBase}“`,
    );
}
