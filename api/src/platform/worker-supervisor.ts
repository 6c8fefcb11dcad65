import { fork, type ChildProcess } from 'node:child_process';
import { runnableFile } from './api-files';

/** Pauses before a worker that died is started again, growing while it keeps dying. */
const RESTART_MS = { first: 1_000, most: 30_000 };
/** A worker that ran this long is healthy again: its next death restarts it at once. */
const HEALTHY_MS = 60_000;

interface Log {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * One job worker (api/src/workers/worker.ts) as this process's child, for `npm start` on one host: started with
 * the API, started again when it dies, stopped with the API. The child watches its IPC channel, so a killed API
 * takes its worker with it.
 */
export function superviseWorker(log: Log) {
  let child: ChildProcess | null = null;
  let stopping = false;
  let pause = RESTART_MS.first;

  function start() {
    const started = Date.now();
    const running = fork(runnableFile('worker'), [], { stdio: 'inherit' });
    child = running;
    running.on('exit', (code, signal) => {
      child = null;
      if (stopping) return;
      if (Date.now() - started > HEALTHY_MS) pause = RESTART_MS.first;
      log.error({ code, signal, restartInMs: pause }, 'Worker beendet; er wird neu gestartet');
      setTimeout(() => !stopping && start(), pause).unref();
      pause = Math.min(pause * 2, RESTART_MS.most);
    });
  }

  start();
  return {
    get pid() {
      return child?.pid;
    },
    /** Asks the worker to stop (it finishes or hands back its job) and answers when it has exited. */
    async stop() {
      stopping = true;
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
  };
}
