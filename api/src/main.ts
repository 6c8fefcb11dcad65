import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrate, openDatabase } from './db/database';
import { seedDemo } from './db/seed';
import { usersRepository } from './modules/users/users.repository';
import { isDatabaseUnavailable } from './plugins/error-handler';
import { contactSettingsNotice } from './modules/landing/contact-settings';

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

const database = openDatabase(config.database, { checkpointInThread: true });

/** Set once the schema is migrated and the demo data seeded; until then /readyz says not ready. */
let started = false;
const app = await buildApp({
  config,
  database,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  serveFrontends: true,
  isStarted: () => started,
});

// The company contact settings the customer page lacks, named once at start (modules/landing/contact-settings.ts).
const contactNotice = contactSettingsNotice(config);
if (contactNotice) console.log(contactNotice);

/** Migrates and seeds; what the operator must know is printed once. */
async function prepareDatabase() {
  await migrate(database.db);
  if (config!.demoSeed) {
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
}

/** Pause between two tries to reach a database that is down at start, growing up to half a minute. */
const RETRY_MS = { first: 1000, most: 30_000 };

/**
 * A database that is down at start (PostgreSQL restarting with the API) is waited for: the server already
 * answers /healthz, /readyz says not ready, and every try is one German line in the log, never a stack.
 * Anything else (a migration that fails) stops the process with its message.
 */
async function startWhenDatabaseAnswers() {
  for (let pause = RETRY_MS.first; ; pause = Math.min(pause * 2, RETRY_MS.most)) {
    try {
      await prepareDatabase();
      await app.startSealedDocuments();
      started = true;
      return;
    } catch (error) {
      const reason = (error as Error).message;
      if (!isDatabaseUnavailable(error)) {
        app.log.error({ reason }, 'Start abgebrochen: die Datenbank konnte nicht vorbereitet werden');
        await app.close();
        process.exit(1);
      }
      app.log.warn(
        { reason, retryInSeconds: pause / 1000 },
        `Datenbank nicht erreichbar; neuer Versuch in ${pause / 1000} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

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
await startWhenDatabaseAnswers();
