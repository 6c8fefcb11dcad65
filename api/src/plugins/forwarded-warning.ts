import type { FastifyRequest } from 'fastify';

const FORWARDED = ['x-forwarded-for', 'x-forwarded-proto', 'forwarded'];

/** Peers warned about: each once, and only so many, so a client sending these headers cannot flood the log. */
const MOST_PEERS = 20;

/**
 * Without TRUST_PROXY a balancer's forwarded headers are ignored, so every sign-in seems to come from the
 * balancer: 30 wrong ones from anywhere lock every staff member out (docs/decisions/0014-trusted-proxies.md).
 * The log says so, once per peer that sends them.
 */
export function warnAboutForwardedHeaders(log: { warn(details: object, message: string): void }) {
  const warned = new Set<string>();
  return async (request: FastifyRequest) => {
    if (warned.size >= MOST_PEERS || warned.has(request.ip)) return;
    const header = FORWARDED.find((name) => request.headers[name] !== undefined);
    if (!header) return;
    warned.add(request.ip);
    log.warn(
      { peer: request.ip, header },
      `Weitergeleitete Kopfzeile ${header} von ${request.ip}, aber TRUST_PROXY ist nicht gesetzt: Sperren und ` +
        `Limits zählen alle Anfragen über diesen Weg als eine Adresse. Ist ${request.ip} ein Load Balancer oder ` +
        `Proxy, TRUST_PROXY=${request.ip} setzen; sonst ignoriert der Server die Kopfzeile.`,
    );
  };
}
