import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrate, openDatabase } from './db/database';
import { seedDemo } from './db/seed';
import { usersRepository } from './modules/users/users.repository';

const envFile = path.resolve('.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Konfigurationsfehler: ${error.message}`);
  process.exit(1);
}

const database = openDatabase(config.database);
await migrate(database.db);
if (config.demoSeed) {
  const demo = await seedDemo(database);
  if (demo) {
    console.log('\nDemo-Daten angelegt. Anmeldung (wird nur dieses eine Mal angezeigt):');
    console.log(`  E-Mail:   ${demo.email}\n  Passwort: ${demo.password}\n`);
  }
} else if ((await usersRepository(database.db).count()) === 0) {
  // Without demo data nobody could sign in: say how the first administrator comes about.
  console.log(
    '\nEs gibt noch kein Konto. Das erste Administrator-Konto anlegen mit:\n' +
      '  npm run user -- add --email <e-mail> --password <passwort> --role admin\n' +
      'Weitere Konten legt es danach in der App an (Verwaltung → Konten).\n',
  );
}

const app = await buildApp({
  config,
  database,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  serveFrontends: true,
});

/**
 * Requests a client has already sent may still sit unread in the socket when the signal comes, and
 * closing would reset them. A short grace period lets them arrive and be answered first.
 */
const SHUTDOWN_GRACE_MS = 1000;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down; requests in flight finish first');
  await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS));
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
