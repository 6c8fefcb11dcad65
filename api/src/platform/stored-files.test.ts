import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { apiPaths } from 'contracts';
import { sql } from 'kysely';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { createRepositories } from '../dependencies';
import { messages } from '../messages';
import { nowIso } from '../text';
import { apiUrl, createTestDatabase, kinds, seedMachine, type TestDatabase } from '../test/harness';
import { CHUNK_BYTES, chunkStore } from './chunk-store';

/** A GET over real HTTP: its status, the bytes that arrived, and whether the body arrived whole. */
function get(port: number, path: string, headers: http.OutgoingHttpHeaders = {}) {
  return new Promise<{ status: number; body: Buffer; complete: boolean }>((resolve) => {
    const request = http.get({ port, path, headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      const done = () =>
        resolve({ status: response.statusCode!, body: Buffer.concat(parts), complete: response.complete });
      response.on('end', done);
      response.on('aborted', done);
      response.on('error', done);
    });
    request.on('error', () => resolve({ status: 0, body: Buffer.alloc(0), complete: false }));
  });
}

/** A client that asks for `path` and reads only the status line and headers, then nothing: a stalled download. */
function stalledDownload(port: number, path: string) {
  return new Promise<{ status: number; destroy(): void }>((resolve) => {
    const request = http.get({ port, path });
    request.on('response', (response) => {
      response.pause();
      resolve({ status: response.statusCode!, destroy: () => request.destroy() });
    });
    request.on('error', () => {});
  });
}

for (const kind of kinds) {
  describe(`stored files on ${kind}: integrity and download bounds`, () => {
    let testDb: TestDatabase;
    let app: App;
    let port: number;
    let machineId: number;
    const log: string[] = [];
    /** Waits until `count` lines of the server's log contain `text`. */
    let waiting: (() => void) | undefined;
    async function logged(text: string, count: number) {
      while (log.filter((line) => line.includes(text)).length < count)
        await new Promise<void>((resolve) => (waiting = resolve));
    }
    const db = () => testDb.database.db;

    before(async () => {
      testDb = await createTestDatabase(kind);
      const config = {
        ...loadConfig({}),
        database: testDb.location,
        downloadStallSeconds: 1,
        downloadsPerAddress: 2,
      };
      const stream = new Writable({
        write(line, _encoding, done) {
          log.push(String(line));
          waiting?.();
          done();
        },
      });
      app = await buildApp({ config, database: testDb.database, logger: { level: 'warn', stream } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
      ({
        machine: { id: machineId },
      } = await seedMachine(createRepositories(testDb.database), { prefix: 'SF' }));
    });
    after(async () => {
      await app.close();
      await testDb.drop();
    });

    let day = 0;
    /** A machine's document of `bytes`, stored as an upload stores it; answers its public path and SHA-256. */
    async function storedDocument(bytes: Buffer) {
      const sha256 = await chunkStore(db()).store(bytes);
      const fileName = `handbuch-${++day}.pdf`;
      const { id } = await db()
        .insertInto('machine_documents')
        .values({
          machine_id: machineId,
          kind: 'manual',
          language: 'de',
          valid_from: `2026-01-${String(day).padStart(2, '0')}`,
          sha256,
          file_name: fileName,
          created_at: nowIso(),
          created_by: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { path: apiUrl(apiPaths.documentFile(id, fileName)), sha256 };
    }

    /** Changes a stored chunk the way only the tables' owner still can: past the triggers. */
    async function tamper(sha256: string, seq: number, bytes: Buffer, chunkSha256?: string) {
      const set = sql`bytes = ${bytes}${chunkSha256 ? sql`, chunk_sha256 = ${chunkSha256}` : sql``}`;
      const update = sql`update document_chunks set ${set} where sha256 = ${sha256} and seq = ${seq}`;
      if (kind === 'postgres') {
        await db()
          .connection()
          .execute(async (connection) => {
            await sql`alter table document_chunks disable trigger document_chunks_append_only`.execute(
              connection,
            );
            await update.execute(connection);
            await sql`alter table document_chunks enable trigger document_chunks_append_only`.execute(
              connection,
            );
          });
      } else {
        await sql`drop trigger document_chunks_no_update`.execute(db());
        await update.execute(db());
        await sql`create trigger document_chunks_no_update before update on document_chunks
          begin select raise(abort, 'document_chunks of a stored document is append-only'); end`.execute(
          db(),
        );
      }
    }

    test('the app cannot change or delete the chunks of a kept document; an unreferenced content may go', async () => {
      const { sha256 } = await storedDocument(crypto.randomBytes(1000));
      await assert.rejects(
        sql`update document_chunks set bytes = ${Buffer.from('x')} where sha256 = ${sha256}`.execute(db()),
        /append-only/,
      );
      await assert.rejects(
        sql`delete from document_chunks where sha256 = ${sha256}`.execute(db()),
        /append-only/,
      );
      await assert.rejects(
        sql`update document_contents set size = 1 where sha256 = ${sha256}`.execute(db()),
        /append-only/,
      );
      const loose = await chunkStore(db()).store(crypto.randomBytes(500));
      await sql`delete from document_chunks where sha256 = ${loose}`.execute(db());
      await sql`delete from document_contents where sha256 = ${loose}`.execute(db());
    });

    test('a changed chunk is never sent: an error before the status, or the answer cut off', async () => {
      const bytes = crypto.randomBytes(CHUNK_BYTES * 2 + 100);
      const small = await storedDocument(crypto.randomBytes(2000));
      const first = await storedDocument(bytes);
      const middle = await storedDocument(Buffer.concat([bytes, Buffer.from('m')]));
      const whole = await storedDocument(Buffer.concat([bytes, Buffer.from('w')]));
      const lastByte = await storedDocument(Buffer.concat([bytes, Buffer.from('l')]));
      assert.equal((await get(port, small.path)).status, 200);

      await tamper(small.sha256, 0, crypto.randomBytes(2000));
      const smallAnswer = await get(port, small.path);
      assert.equal(smallAnswer.status, 500);
      assert.equal(JSON.parse(smallAnswer.body.toString()).error.message, messages.documentIntegrity);

      await tamper(first.sha256, 0, crypto.randomBytes(CHUNK_BYTES));
      assert.equal((await get(port, first.path)).status, 500);
      // A range inside the changed chunk is refused too.
      assert.equal((await get(port, first.path, { range: 'bytes=10-20' })).status, 500);

      // A chunk after the first: the status is out, so the answer stops before the changed bytes.
      await tamper(middle.sha256, 1, crypto.randomBytes(CHUNK_BYTES));
      const cut = await get(port, middle.path);
      assert.equal(cut.complete, false);
      assert.ok(cut.body.length <= CHUNK_BYTES, `${cut.body.length} bytes arrived`);
      assert.deepEqual(cut.body, bytes.subarray(0, cut.body.length));

      // Only the chunk's last byte changed: it is read in parts (chunk-store.ts, READ_BYTES), and none of them goes.
      const changed = Buffer.from(bytes.subarray(CHUNK_BYTES, 2 * CHUNK_BYTES));
      changed[CHUNK_BYTES - 1] ^= 1;
      await tamper(lastByte.sha256, 1, changed);
      const cutBefore = await get(port, lastByte.path);
      assert.equal(cutBefore.complete, false);
      assert.ok(cutBefore.body.length <= CHUNK_BYTES, `${cutBefore.body.length} bytes arrived`);

      // Bytes and their chunk's hash changed together: the whole content's SHA-256 stops the last bytes.
      const forged = crypto.randomBytes(CHUNK_BYTES);
      await tamper(whole.sha256, 1, forged, crypto.createHash('sha256').update(forged).digest('hex'));
      const forgedAnswer = await get(port, whole.path);
      assert.equal(forgedAnswer.complete, false);
      const wanted = Buffer.concat([bytes, Buffer.from('w')]).length;
      assert.ok(forgedAnswer.body.length < wanted, `${forgedAnswer.body.length} of ${wanted} bytes arrived`);

      const alarms = log.filter((line) => line.includes('"alarm":"integrity"'));
      for (const { sha256 } of [small, first, middle, lastByte, whole])
        assert.ok(
          alarms.some((line) => line.includes(sha256)),
          `no integrity alarm names ${sha256}`,
        );
    });

    test('a download that makes no progress is closed; one address holds only so many open', async () => {
      // Larger than what the sockets of both ends buffer, so a client that reads nothing stalls the sending.
      const big = await storedDocument(crypto.randomBytes(48 * 1024 * 1024));
      const one = await stalledDownload(port, big.path);
      const two = await stalledDownload(port, big.path);
      assert.deepEqual([one.status, two.status], [200, 200]);
      const third = await get(port, big.path, { range: 'bytes=0-9' });
      assert.equal(third.status, 429);
      assert.equal(JSON.parse(third.body.toString()).error.code, 'TOO_MANY_DOWNLOADS');

      // The server closes both (a client that reads nothing never learns it: the close waits behind the bytes).
      await logged('download stalled', 2);
      one.destroy();
      two.destroy();
      const after = await get(port, big.path, { range: 'bytes=0-9' });
      assert.equal(after.status, 206);
    });
  });
}
