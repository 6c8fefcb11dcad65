import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, type Landing } from 'contracts';
import { PDFDocument } from 'pdf-lib';
import { migrate, openDatabase } from '../src/db/database';
import { usersRepository } from '../src/modules/users/users.repository';
import { loginOver, startServer } from '../src/test/server-process';

/** The process's own memory (RssAnon: not the shared libraries' pages) in MB, from /proc. */
export const anonMb = (pid: number) =>
  Math.round(
    Number(/RssAnon:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
  );

/** A one-page PDF carrying `megabytes` of incompressible data in a stream object, as a scanned manual does. */
export async function manual(megabytes: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage().drawText('Betriebsanleitung (Bench)', { x: 50, y: 700 });
  document.context.register(document.context.stream(crypto.randomBytes(megabytes * 1024 * 1024)));
  return Buffer.from(await document.save());
}

/** `bytes` sent as operating instructions in `language` for the machine, as the staff app uploads them. */
export function postDocument(
  base: string,
  staff: Record<string, string>,
  machineId: number,
  bytes: Buffer,
  language = 'de',
) {
  const form = new FormData();
  form.append('kind', 'instructions');
  form.append('language', language);
  form.append('valid_from', '2024-01-01');
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'anleitung.pdf');
  return fetch(`${base}/api${apiPaths.machineDocuments(machineId)}`, {
    method: 'POST',
    headers: staff,
    body: form,
  });
}

/** `bytes` uploaded as the machine's German operating instructions; answers the public download's address. */
export async function uploadManual(
  base: string,
  staff: Record<string, string>,
  machineId: number,
  bytes: Buffer,
) {
  const uploaded = await postDocument(base, staff, machineId, bytes);
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const landing = (await (await fetch(`${base}/api${apiPaths.landing(machineId)}`)).json()) as Landing;
  return `${base}/api${landing.documents![0].href}`;
}

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
    DOWNLOADS_PER_ADDRESS: '10000',
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
