import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths } from 'contracts';
import { migrate, openDatabase } from '../src/db/database';
import { usersRepository } from '../src/modules/users/users.repository';
import { loginOver, startServer } from '../src/test/server-process';

/** The process's own memory (RssAnon: not the shared libraries' pages) in MB, from /proc. */
export const anonMb = (pid: number) =>
  Math.round(
    Number(/RssAnon:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
  );

/**
 * The real API as its own process on a new SQLite database with one staff account (the benches of
 * documents-bench.ts and sealed-pdf-bench.ts), signed in, with a brand and a machine (serial prefix `prefix`)
 * made through the API. `stop()` ends it and removes the database.
 */
export async function benchApi(name: string, user: { email: string; password: string }, prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pb-${name}-bench-`));
  const location = { kind: 'sqlite', file: path.join(dir, 'bench.db') } as const;
  const database = openDatabase(location);
  await migrate(database.db);
  await usersRepository(database.db).add(user);
  await database.close();
  const server = await startServer({
    DATABASE_URL: `sqlite:${location.file}`,
    PUBLIC_RATE_LIMIT: '1000000000',
  });
  const stop = async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const staff = { authorization: await loginOver(server.base, user.email, user.password) };
    const post = async <T = { id: number }>(apiPath: string, body: unknown): Promise<T> => {
      const response = await fetch(`${server.base}/api${apiPath}`, {
        method: 'POST',
        headers: { ...staff, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${apiPath}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const brand = await post(apiPaths.brandCreate(), {
      name: 'Bench',
      logo: '',
      email: 'info@bench.example',
      website_link: 'https://bench.example',
    });
    const machine = await post(apiPaths.machineCreate(), {
      brand_id: brand.id,
      name: 'Bench-Maschine',
      serial_prefix: prefix,
      ean_number: '',
      electronic_circuit_board: 0,
      link_en: 'https://bench.example/en',
      link_ger: 'https://bench.example/de',
    });
    return { server, staff, post, brand, machine, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
