import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

/** What an operator reads when the address cannot be listened on, by Node's error code. */
const REASONS: Record<string, (where: string) => string> = {
  EADDRINUSE: (where) => `${where} ist schon belegt (läuft der Server schon?); PORT oder HOST ändern`,
  EADDRNOTAVAIL: (where) =>
    `${where} gehört nicht zu diesem Rechner; HOST auf eine seiner Adressen setzen oder 0.0.0.0`,
  EACCES: (where) => `${where} ist nur mit Administratorrechten erlaubt; einen PORT ab 1024 wählen`,
  ENOTFOUND: (where) => `der Rechnername in ${where} ist unbekannt; HOST auf eine Adresse setzen`,
  EAI_AGAIN: (where) =>
    `der Rechnername in ${where} lässt sich gerade nicht auflösen; HOST auf eine Adresse setzen`,
};

/**
 * Listens on HOST and PORT; an address that config.ts could not judge (another machine's, one in use, a name
 * that does not resolve) ends the process with one German line instead of Node's stack.
 */
export async function listenOrExplain(app: FastifyInstance, config: Pick<Config, 'host' | 'port'>) {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const reason = REASONS[(error as NodeJS.ErrnoException).code ?? ''];
    if (!reason) throw error;
    console.error(`Konfigurationsfehler: ${reason(`HOST=${config.host} PORT=${config.port}`)}`);
    await app.close();
    process.exit(1);
  }
}
