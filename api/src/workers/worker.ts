import os from 'node:os';
import pino from 'pino';
import { LATEST_MIGRATION, newerMigration, openDatabase } from '../db/database';
import { createRepositories } from '../dependencies';
import { housekeeping } from '../platform/housekeeping';
import { jobRunner } from '../platform/job-runner';
import { configFromEnvironment } from '../platform/startup';
import { jobHandlers, tidying } from '../work';

/**
 * The job worker (docs/decisions/0021-jobs-and-one-worker.md): renders and seals certificate PDFs and does the
 * other heavy work the API queued in the jobs table. `npm start` runs one beside the API as its child
 * (api/src/platform/worker-supervisor.ts); `npm run worker` runs one alone, as many as PostgreSQL serves.
 */
// Rendering and exporting yield the CPU to the API's requests on a shared host (docs/architecture.md#budgets:
// /healthz and the customer call stay quick while a burst seals). Lowering one's own priority needs no rights.
os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
const config = configFromEnvironment();
const log = pino({ level: config.logLevel, base: { pid: process.pid, process: 'worker' } });
const database = openDatabase(config.database);
const repositories = createRepositories(database);
/** Said once in the log when the database became newer than this worker, not at every look. */
let outdatedSaid = false;
const runner = jobRunner({
  jobs: repositories.jobs,
  handlers: jobHandlers(repositories, config),
  log,
  idle: housekeeping(database, repositories.jobs, tidying(repositories, config)),
  outdated: async () => {
    const newer = await newerMigration(database.db);
    if (newer && !outdatedSaid)
      log.warn(
        { newer, known: LATEST_MIGRATION },
        'Datenbank neuer als dieser Worker: er nimmt keine Aufträge an',
      );
    outdatedSaid = Boolean(newer);
    return outdatedSaid;
  },
});

let stopping = false;
/**
 * SIGTERM (or the API that started this worker going away): no new job; the one running may finish within
 * JOB_STOP_SECONDS, else it is handed back to be done again by the next worker. A second signal ends at once.
 */
async function stop(reason: string) {
  if (stopping) {
    await runner.handBack();
    process.exit(1);
  }
  stopping = true;
  log.info({ reason, current: runner.current?.id }, 'Worker hält an');
  const limit = setTimeout(async () => {
    log.warn({ job: runner.current?.id }, 'Auftrag nicht rechtzeitig fertig: zurückgegeben');
    await runner.handBack();
    process.exit(0);
  }, config.jobStopSeconds * 1000);
  await runner.stop();
  clearTimeout(limit);
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
process.on('disconnect', () => void stop('API beendet'));

log.info({ worker: runner.worker }, 'Worker gestartet');
void runner.start();
