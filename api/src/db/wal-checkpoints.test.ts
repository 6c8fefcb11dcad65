import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from './database';

const MB = 1024 * 1024;

/** An SQLite file in a folder of its own, and its size now. */
function tempFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-wal-'));
  const file = path.join(dir, 'test.db');
  return { file, size: () => fs.statSync(file).size, remove: () => fs.rmSync(dir, { recursive: true }) };
}

async function writeFourMegabytes(db: ReturnType<typeof openDatabase>['db']) {
  await sql`create table blobs (id integer primary key, bytes blob not null)`.execute(db);
  // More than SQLite's own checkpoint threshold (1000 pages of 4 KiB), so its commit would copy the log itself.
  for (let i = 0; i < 4; i++)
    await sql`insert into blobs (bytes) values (${crypto.randomBytes(MB)})`.execute(db);
}

test('the server copies the log into the file in a thread of its own, not in the commit', async () => {
  const temp = tempFile();
  const database = openDatabase({ kind: 'sqlite', file: temp.file }, { checkpointInThread: true });
  try {
    await writeFourMegabytes(database.db);
    // The commits only appended to the log (the thread's first turn is a second away).
    assert.ok(temp.size() < MB, `file after the commits: ${temp.size()} bytes`);
    let waited = 0;
    while (temp.size() < 4 * MB && waited < 10_000) {
      await sleep(100);
      waited += 100;
    }
    assert.ok(temp.size() >= 4 * MB, `file after ${waited} ms: ${temp.size()} bytes`);
  } finally {
    await database.close();
    temp.remove();
  }
});

test('without the thread (a command, a test) SQLite checkpoints in the commit as it always does', async () => {
  const temp = tempFile();
  const database = openDatabase({ kind: 'sqlite', file: temp.file });
  try {
    await writeFourMegabytes(database.db);
    assert.ok(temp.size() >= 3 * MB, `file after the commits: ${temp.size()} bytes`);
  } finally {
    await database.close();
    temp.remove();
  }
});
