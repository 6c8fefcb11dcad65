import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../../db/database';
import { createTestDatabase, kinds, type TestDatabase } from '../../test/harness';
import { newDevelopmentSeal } from './seal-keys';
import { sealService } from './seal-service';
import { sealsRepository } from './seals.repository';

const mode = (file: string) => fs.statSync(file).mode & 0o777;

test('a new SQLite database, its write-ahead log and its folder are the API user’s alone', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-mode-'));
  const file = path.join(dir, 'data', 'neu.db');
  const database = openDatabase({ kind: 'sqlite', file });
  try {
    await sql`create table t (x integer)`.execute(database.db);
    await sql`insert into t values (1)`.execute(database.db);
    assert.equal(mode(path.dirname(file)), 0o700);
    for (const part of [file, `${file}-wal`, `${file}-shm`]) assert.equal(mode(part), 0o600, part);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

for (const kind of kinds) {
  describe(`the development seal's key on ${kind}`, () => {
    let testDb: TestDatabase;
    let dir: string;
    const config = (developmentPassphrase: string | null) => ({
      companyName: 'Musterwerk GmbH',
      seal: {
        p12Path: null,
        p12Password: '',
        tsaUrl: null,
        developmentPassphrase,
        developmentPassphraseFile: path.join(dir, 'data', 'development-seal.passphrase'),
      },
    });
    const storedKey = async () =>
      (await testDb.database.db.selectFrom('seals').select('private_key').executeTakeFirstOrThrow())
        .private_key;

    before(async () => {
      testDb = await createTestDatabase(kind);
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-seal-'));
    });
    after(async () => {
      await testDb.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    test('is stored encrypted under a passphrase the database does not hold', async () => {
      const seals = sealsRepository(testDb.database.db);
      const seal = await sealService(seals, config(null)).current();
      assert.equal(seal.development, true);
      const key = await storedKey();
      assert.match(key, /-----BEGIN ENCRYPTED PRIVATE KEY-----/);
      assert.doesNotMatch(key, /-----BEGIN PRIVATE KEY-----/);
      const file = config(null).seal.developmentPassphraseFile;
      assert.equal(mode(file), 0o600);
      // Another instance with the same passphrase seals with the same key; a wrong one is told in German.
      const again = await sealService(seals, config(fs.readFileSync(file, 'utf8').trim())).current();
      assert.deepEqual(again.certificates, seal.certificates);
      await assert.rejects(sealService(seals, config('falsche Passphrase')).current(), /Entwicklungssiegels/);
    });

    test('a plain key stored by an earlier version is encrypted at the next start', async () => {
      const plain = await newDevelopmentSeal('Musterwerk GmbH', 'x');
      const { createPrivateKey } = await import('node:crypto');
      const pem = createPrivateKey({ key: plain.private_key, passphrase: 'x' })
        .export({ type: 'pkcs8', format: 'pem' })
        .toString();
      await testDb.database.db
        .updateTable('seals')
        .set({ private_key: pem, certificate: plain.certificate })
        .execute();
      const seal = await sealService(
        sealsRepository(testDb.database.db),
        config('betreiber-passphrase'),
      ).current();
      assert.equal(seal.development, true);
      assert.match(await storedKey(), /-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    });
  });
}
