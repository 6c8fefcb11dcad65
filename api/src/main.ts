import { buildApp } from './app';
import { migrate, openDatabase, SchemaTooNewError } from './db/database';
import { announceDemoAccount } from './db/demo-account-notice';
import { seedDemo } from './db/seed';
import { listenOrExplain } from './listen';
import { usersRepository } from './modules/users/users.repository';
import { isDatabaseUnavailable } from './plugins/error-handler';
import { contactSettingsNotice } from './modules/landing/contact-settings';
import { SealError } from './modules/certificate-pdf/seal-keys';
import { configFromEnvironment } from './platform/startup';
import { superviseWorker } from './platform/worker-supervisor';

const config = configFromEnvironment();

const database = openDatabase(config.database);

/** Set once the schema is migrated and the demo data seeded; until then /readyz says not ready. */
let started = false;
/** Set when the process is asked to stop; from then on /readyz says so. */
let closing = false;
const app = await buildApp({
  config,
  database,
  logger: { level: config.logLevel },
  serveFrontends: true,
  isStarted: () => started,
  isStopping: () => closing,
});
/** The job worker beside the API (api/src/workers/worker.ts), once the database is migrated; WORKERS=0: none. */
let worker: ReturnType<typeof superviseWorker> | null = null;

// The company contact settings the customer page lacks, named once at start (modules/landing/contact-settings.ts).
const contactNotice = contactSettingsNotice(config);
if (contactNotice) console.log(contactNotice);

/** Migrates and seeds; what the operator must know is printed once. */
async function prepareDatabase() {
  await migrate(database.db);
  if (config.demoSeed) {
    const demo = await seedDemo(database);
    if (demo) announceDemoAccount(demo);
  } else if ((await usersRepository(database.db).count()) === 0) {
    // Without demo data nobody could sign in: say how the first administrator comes about.
    console.log(
      '\nEs gibt noch kein Konto. Das erste Administrator-Konto anlegen mit:\n' +
        '  npm run user -- add --email <e-mail> --role admin   (fragt nach dem Passwort)\n' +
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
      if (config.worker && !closing) worker = superviseWorker(app.log);
      return;
    } catch (error) {
      const reason = (error as Error).message;
      if (!isDatabaseUnavailable(error)) {
        // A seal that cannot be read is the operator's file or password, not the database.
        const what =
          error instanceof SealError || error instanceof SchemaTooNewError
            ? reason
            : 'die Datenbank konnte nicht vorbereitet werden';
        app.log.error({ reason }, `Start abgebrochen: ${what}`);
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
 * Requests a client has already sent may still sit unread in the socket, or unaccepted in the listen backlog, when
 * the signal comes, and closing would reset them. So the server closes only once it has been quiet for a grace
 * period: no connection accepted and no request begun. A loop kept busy by other requests reads those sockets
 * late; the quiet is judged after the loop has polled twice (accept, then read), so late ones still count.
 */
const SHUTDOWN_GRACE_MS = 1000;
/** A client that keeps sending after readiness said 503 does not hold the stop longer than this. */
const SHUTDOWN_QUIET_LIMIT_MS = 10_000;

let arrivals = 0;
app.server.on('connection', () => arrivals++);
app.server.on('request', () => arrivals++);

async function untilQuiet() {
  const limit = Date.now() + SHUTDOWN_QUIET_LIMIT_MS;
  let seen: number;
  do {
    seen = arrivals;
    await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS));
    for (let poll = 0; poll < 2; poll++) await new Promise((resolve) => setImmediate(resolve));
  } while (arrivals !== seen && Date.now() < limit);
}

/**
 * How long a stop may take: the worker's JOB_STOP_SECONDS and a little more. A request still open then (a download
 * nobody reads, a body that trickles in) is cut off; the service unit and `docker stop -t` wait longer than this.
 */
const stopLimitMs = () => (config.jobStopSeconds + 5) * 1000;

async function shutdown(signal: string) {
  if (closing) {
    // The second signal: whoever sent it will not wait.
    app.log.warn({ signal }, 'Zweites Signal: Ende sofort');
    process.exit(1);
  }
  closing = true;
  setTimeout(() => {
    app.log.error(
      { limitSeconds: stopLimitMs() / 1000 },
      'Nicht rechtzeitig beendet: offene Anfragen abgebrochen',
    );
    process.exit(1);
  }, stopLimitMs()).unref();
  app.log.info({ signal }, 'shutting down; requests in flight finish first');
  const stoppingWorker = worker?.stop();
  await untilQuiet();
  await app.close();
  await stoppingWorker;
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await listenOrExplain(app, config);
await startWhenDatabaseAnswers();
