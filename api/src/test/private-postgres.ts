import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

/**
 * A PostgreSQL server of the test's own, in a temporary folder, that the test may stop and start without
 * disturbing the shared one. Needs root (to run the server as the postgres user) and the Debian binaries.
 */
export interface PrivatePostgres {
  url: string;
  start(): void;
  /** Stops at once, as a crash or a pulled cable would: connections are cut, nothing is flushed. */
  stop(): void;
  remove(): void;
}

export function privatePostgresUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'needs root to run a PostgreSQL server as the postgres user';
  if (!fs.existsSync('/usr/lib/postgresql')) return 'PostgreSQL server binaries are not installed';
  return undefined;
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const version = fs.readdirSync('/usr/lib/postgresql').sort().at(-1)!;
  const bin = (name: string) => path.join('/usr/lib/postgresql', version, 'bin', name);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-pg-'));
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  execFileSync('chown', ['postgres', dir]);
  const asPostgres = (command: string, ...args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', bin(command), ...args], { stdio: 'pipe' });
  asPostgres('initdb', '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync');
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const server: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => asPostgres('pg_ctl', '-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'),
    stop: () => asPostgres('pg_ctl', '-D', data, '-m', 'immediate', '-w', 'stop'),
    remove: () => {
      try {
        server.stop();
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  server.start();
  return server;
}
